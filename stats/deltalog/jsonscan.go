package deltalog

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math/bits"
	"strconv"
	"unicode/utf8"
)

// Nearly every line of a large log is an add or remove, and most of each
// such line is per-file stats and tags the reader does not use. fileScanner
// reads those lines directly: it picks out path, partitionValues, size and
// deletionVector and checks the syntax of everything else while skipping
// it, without building any values. Whenever a line is unusual in a way
// where encoding/json's rules matter — a field name in another case or with
// escapes, a repeated field, a type other than expected, another action on
// the same line — it gives up and the line goes to encoding/json, so every
// line decodes exactly as encoding/json decodes it and corrupt lines get
// its error messages.

// fileAction is an add or remove as the replay needs it. Byte slices view
// the line (or the scanner's scratch space) and are valid until the next
// line.
type fileAction struct {
	path  []byte // as written: URI-encoded
	size  int64
	parts []partPair

	hasDV     bool
	dvStorage []byte
	dvPath    []byte
	dvOffset  int64
	hasOffset bool
	dvRows    int64
}

// partPair is one partitionValues entry; null when the value is JSON null.
type partPair struct {
	key, value []byte
	null       bool
}

// setPart records a partitionValues entry; a repeated key replaces the
// earlier value, as when decoding into a map.
func (f *fileAction) setPart(key, value []byte, null bool) {
	for i := range f.parts {
		if bytes.Equal(f.parts[i].key, key) {
			f.parts[i] = partPair{key, value, null}
			return
		}
	}
	f.parts = append(f.parts, partPair{key, value, null})
}

// maxDepth is encoding/json's nesting limit; deeper lines go to it for the
// error.
const maxDepth = 10000

type fileScanner struct {
	b       []byte
	i       int
	depth   int
	scratch []byte // decoded escaped strings
}

// scan decodes line as an add or remove. ok is false when the line is
// anything else, unusual, or invalid; encoding/json then decides.
func (s *fileScanner) scan(line []byte, f *fileAction) (added, ok bool) {
	*f = fileAction{parts: f.parts[:0]}
	s.b, s.i, s.depth, s.scratch = line, 0, 1, s.scratch[:0] // depth counts the line's own object
	if !s.consume('{') {
		return false, false
	}
	found := false
	for first := true; ; first = false {
		s.ws()
		if first && s.peek() == '}' {
			return false, false
		}
		key, kind, ok := s.stringToken()
		if !ok || kind != plainString || !s.consume(':') {
			return false, false
		}
		switch string(key) {
		case "add", "remove":
			if found || !s.consume('{') {
				return false, false // two actions on a line, or add: null
			}
			found, added = true, string(key) == "add"
			if !s.fileObject(f) {
				return false, false
			}
		default:
			if foldsToAny(key, actionKeys) || !s.skipValue() {
				return false, false
			}
		}
		s.ws()
		if s.consume(',') {
			continue
		}
		if !s.consume('}') {
			return false, false
		}
		s.ws()
		return added, found && s.i == len(s.b)
	}
}

// actionKeys are the fields of jsonAction. A line naming one in another
// case is left to encoding/json, which matches names case-insensitively.
var actionKeys = []string{"add", "remove", "metaData", "protocol", "commitInfo", "domainMetadata", "txn", "sidecar"}

var fileKeys = []string{"path", "partitionValues", "size", "deletionVector"}

var dvKeys = []string{"storageType", "pathOrInlineDv", "offset", "cardinality"}

// foldsToAny reports whether key equals one of names ignoring ASCII case.
// Keys with non-ASCII bytes or escapes never get here.
func foldsToAny(key []byte, names []string) bool {
	for _, n := range names {
		if len(n) == len(key) && bytes.EqualFold(key, []byte(n)) {
			return true
		}
	}
	return false
}

// fileObject reads the body of an add or remove after its '{'.
func (s *fileScanner) fileObject(f *fileAction) bool {
	var seen [4]bool
	return s.object(func(key []byte, kind strKind) bool {
		if kind != plainString {
			return false // might name a field once unescaped or folded
		}
		var field int
		switch string(key) {
		case "path":
			field = 0
		case "partitionValues":
			field = 1
		case "size":
			field = 2
		case "deletionVector":
			field = 3
		default:
			return !foldsToAny(key, fileKeys) && s.skipValue()
		}
		if seen[field] {
			return false // encoding/json merges repeats; let it
		}
		seen[field] = true
		if s.null() {
			return true
		}
		switch field {
		case 0:
			v, ok := s.stringValue()
			f.path = v
			return ok
		case 1:
			if !s.consume('{') {
				return false
			}
			return s.object(func(k []byte, kind strKind) bool {
				k, ok := s.decoded(k, kind)
				if !ok {
					return false
				}
				if s.null() {
					f.setPart(k, nil, true)
					return true
				}
				v, ok := s.stringValue()
				f.setPart(k, v, false)
				return ok
			})
		case 2:
			v, ok := s.int64Value()
			f.size = v
			return ok
		default:
			if !s.consume('{') {
				return false
			}
			f.hasDV = true
			return s.dvObject(f)
		}
	})
}

func (s *fileScanner) dvObject(f *fileAction) bool {
	var seen [4]bool
	return s.object(func(key []byte, kind strKind) bool {
		if kind != plainString {
			return false
		}
		var field int
		switch string(key) {
		case "storageType":
			field = 0
		case "pathOrInlineDv":
			field = 1
		case "offset":
			field = 2
		case "cardinality":
			field = 3
		default:
			return !foldsToAny(key, dvKeys) && s.skipValue()
		}
		if seen[field] {
			return false
		}
		seen[field] = true
		if s.null() {
			return true
		}
		var ok bool
		switch field {
		case 0:
			f.dvStorage, ok = s.stringValue()
		case 1:
			f.dvPath, ok = s.stringValue()
		case 2:
			f.dvOffset, ok = s.int64Value()
			f.hasOffset = ok
		default:
			f.dvRows, ok = s.int64Value()
		}
		return ok
	})
}

// object reads members up to and including the closing '}', the '{'
// already consumed. member is called with each key's raw bytes and kind,
// the scanner at the value, and must consume the value.
func (s *fileScanner) object(member func(key []byte, kind strKind) bool) bool {
	s.depth++
	if s.depth > maxDepth {
		return false
	}
	s.ws()
	if s.consume('}') {
		s.depth--
		return true
	}
	for {
		s.ws()
		key, kind, ok := s.stringToken()
		if !ok || !s.consume(':') {
			return false
		}
		s.ws()
		if !member(key, kind) {
			return false
		}
		s.ws()
		if s.consume(',') {
			continue
		}
		if !s.consume('}') {
			return false
		}
		s.depth--
		return true
	}
}

// skipValue checks and skips any JSON value.
func (s *fileScanner) skipValue() bool {
	s.ws()
	if s.i >= len(s.b) {
		return false
	}
	switch c := s.b[s.i]; {
	case c == '"':
		_, _, ok := s.stringToken()
		return ok
	case c == '{':
		s.i++
		return s.object(func([]byte, strKind) bool { return s.skipValue() })
	case c == '[':
		s.i++
		return s.array()
	case c == '-' || c >= '0' && c <= '9':
		_, ok := s.number()
		return ok
	case c == 't':
		return s.literal("true")
	case c == 'f':
		return s.literal("false")
	case c == 'n':
		return s.literal("null")
	}
	return false
}

func (s *fileScanner) array() bool {
	s.depth++
	if s.depth > maxDepth {
		return false
	}
	s.ws()
	if s.consume(']') {
		s.depth--
		return true
	}
	for {
		if !s.skipValue() {
			return false
		}
		s.ws()
		if s.consume(',') {
			continue
		}
		if !s.consume(']') {
			return false
		}
		s.depth--
		return true
	}
}

func (s *fileScanner) literal(lit string) bool {
	if !bytes.HasPrefix(s.b[s.i:], []byte(lit)) {
		return false
	}
	s.i += len(lit)
	return true
}

// null consumes a JSON null if one is next.
func (s *fileScanner) null() bool {
	if bytes.HasPrefix(s.b[s.i:], []byte("null")) {
		s.i += 4
		return true
	}
	return false
}

// number checks and skips a number, returning its text.
func (s *fileScanner) number() ([]byte, bool) {
	b, start := s.b, s.i
	i := start
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
	default:
		return nil, false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if i >= len(b) || b[i] < '0' || b[i] > '9' {
			return nil, false
		}
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i >= len(b) || b[i] < '0' || b[i] > '9' {
			return nil, false
		}
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
	}
	s.i = i
	return b[start:i], true
}

// int64Value reads a number that is a plain integer fitting int64, which
// is all encoding/json accepts for an int64 field.
func (s *fileScanner) int64Value() (int64, bool) {
	text, ok := s.number()
	if !ok {
		return 0, false
	}
	var n int64
	neg := text[0] == '-'
	digits := text
	if neg {
		digits = text[1:]
	}
	if len(digits) > 18 { // may overflow, or is not an integer: be exact
		v, err := strconv.ParseInt(string(text), 10, 64)
		return v, err == nil
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false // fraction or exponent
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// stringValue reads a string value, decoded.
func (s *fileScanner) stringValue() ([]byte, bool) {
	raw, kind, ok := s.stringToken()
	if !ok {
		return nil, false
	}
	return s.decoded(raw, kind)
}

// decoded returns the value of a string token's contents: the bytes
// themselves when plain, else what encoding/json makes of them (escapes
// undone, invalid UTF-8 replaced).
func (s *fileScanner) decoded(raw []byte, kind strKind) ([]byte, bool) {
	if kind == plainString || kind == highString && utf8.Valid(raw) {
		return raw, true
	}
	// raw sits between quotes in the line.
	start := len(s.scratch)
	var v string
	quoted := s.b[rawOffset(s.b, raw)-1 : rawOffset(s.b, raw)+len(raw)+1]
	if json.Unmarshal(quoted, &v) != nil {
		return nil, false
	}
	s.scratch = append(s.scratch, v...)
	return s.scratch[start:len(s.scratch):len(s.scratch)], true
}

// rawOffset is where sub, a subslice of b, starts in b.
func rawOffset(b, sub []byte) int {
	return cap(b) - cap(sub)
}

type strKind uint8

const (
	plainString   strKind = iota // ASCII, no escapes
	highString                   // bytes >= 0x80, no escapes
	escapedString                // has escapes
)

// strClass marks the bytes that end the fast run through a string.
var strClass = func() (t [256]uint8) {
	for c := range 0x20 {
		t[c] = clsControl
	}
	t['"'] = clsQuote
	t['\\'] = clsEscape
	for c := 0x80; c < 0x100; c++ {
		t[c] = clsHigh
	}
	return t
}()

const (
	clsPlain = iota
	clsHigh
	clsQuote
	clsEscape
	clsControl
)

// stringToken checks and skips a string at the cursor (after optional
// whitespace) and returns its raw contents without the quotes.
func (s *fileScanner) stringToken() ([]byte, strKind, bool) {
	s.ws()
	b := s.b
	if s.i >= len(b) || b[s.i] != '"' {
		return nil, 0, false
	}
	start := s.i + 1
	kind := plainString
	for i := start; i < len(b); {
		if i+8 <= len(b) {
			// Eight bytes at a time up to the first one that needs a look.
			m := specialBytes(binary.LittleEndian.Uint64(b[i:]))
			if m == 0 {
				i += 8
				continue
			}
			i += bits.TrailingZeros64(m) >> 3
		}
		switch strClass[b[i]] {
		case clsPlain:
			i++
		case clsQuote:
			s.i = i + 1
			return b[start:i], kind, true
		case clsHigh:
			if kind == plainString {
				kind = highString
			}
			i++
		case clsEscape:
			kind = escapedString
			if i+1 >= len(b) {
				return nil, 0, false
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(b) || !isHex(b[i+2]) || !isHex(b[i+3]) || !isHex(b[i+4]) || !isHex(b[i+5]) {
					return nil, 0, false
				}
				i += 6
			default:
				return nil, 0, false
			}
		default:
			return nil, 0, false // control character
		}
	}
	return nil, 0, false // unterminated
}

// specialBytes flags, in each byte's top bit, the bytes of w (little
// endian) that end a plain run in a string: '"', '\\', control characters
// and non-ASCII. Borrows can flag bytes above a flagged one, so only the
// lowest flag is exact, and only it is used.
func specialBytes(w uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	quote, escape := w^(ones*'"'), w^(ones*'\\')
	control := w - ones*0x20 // top bit set below 0x20 (and at 0xa0 up, non-ASCII anyway)
	return (control | w | (quote-ones)&^quote | (escape-ones)&^escape) & highs
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// ws skips JSON whitespace.
func (s *fileScanner) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

func (s *fileScanner) peek() byte {
	if s.i < len(s.b) {
		return s.b[s.i]
	}
	return 0
}

// consume skips whitespace and then c, reporting whether c was there.
func (s *fileScanner) consume(c byte) bool {
	s.ws()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}
