package notebook

import (
	"bytes"
	"errors"
	"strconv"
)

// jsonScanner walks JSON that encoding/json.Valid has accepted, keeping byte
// offsets so that values can later be replaced in place. It never recurses
// into values it skips, so deep nesting cannot exhaust the stack; it still
// checks bounds everywhere, so unexpected input gives an error, not a panic.
type jsonScanner struct {
	src []byte
	pos int
}

var errJSONShape = errors.New("unexpected JSON structure")

// span is a byte range [start, end) of the file.
type span struct{ start, end int }

func (s *jsonScanner) skipSpace() {
	for s.pos < len(s.src) && isSpace(s.src[s.pos]) {
		s.pos++
	}
}

// peek returns the next non-space byte, 0 at the end of input.
func (s *jsonScanner) peek() byte {
	s.skipSpace()
	if s.pos >= len(s.src) {
		return 0
	}
	return s.src[s.pos]
}

// str consumes a string and returns its span, quotes included.
func (s *jsonScanner) str() (span, error) {
	if s.peek() != '"' {
		return span{}, errJSONShape
	}
	start := s.pos
	for i := start + 1; i < len(s.src); {
		j := bytes.IndexByte(s.src[i:], '"')
		if j < 0 {
			break
		}
		q := i + j
		backslashes := 0
		for k := q - 1; k > start && s.src[k] == '\\'; k-- {
			backslashes++
		}
		if backslashes%2 == 0 {
			s.pos = q + 1
			return span{start, s.pos}, nil
		}
		i = q + 1
	}
	return span{}, errJSONShape
}

// skip consumes one value of any kind.
func (s *jsonScanner) skip() (span, error) {
	s.skipSpace()
	start := s.pos
	depth := 0
	for {
		switch s.peek() {
		case 0:
			return span{}, errJSONShape
		case '"':
			if _, err := s.str(); err != nil {
				return span{}, err
			}
		case '{', '[':
			depth++
			s.pos++
		case '}', ']':
			if depth == 0 {
				return span{}, errJSONShape
			}
			depth--
			s.pos++
		case ',', ':':
			if depth == 0 {
				return span{}, errJSONShape
			}
			s.pos++
			continue
		default: // number, true, false, null
			s.scalar()
		}
		if depth == 0 {
			return span{start, s.pos}, nil
		}
	}
}

// scalar consumes a number or literal and returns its bytes.
func (s *jsonScanner) scalar() []byte {
	start := s.pos
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		if c == ',' || c == ']' || c == '}' || c == ':' || isSpace(c) {
			break
		}
		s.pos++
	}
	if s.pos == start { // never stall on a stray byte
		s.pos++
	}
	return s.src[start:s.pos]
}

// object calls member for every key of the object at the scanner; member
// must consume the value.
func (s *jsonScanner) object(member func(key []byte) error) error {
	if s.peek() != '{' {
		return errJSONShape
	}
	s.pos++
	if s.peek() == '}' {
		s.pos++
		return nil
	}
	for {
		k, err := s.str()
		if err != nil {
			return err
		}
		if s.peek() != ':' {
			return errJSONShape
		}
		s.pos++
		if err := member(decodeKey(s.src[k.start+1 : k.end-1])); err != nil {
			return err
		}
		switch s.peek() {
		case ',':
			s.pos++
		case '}':
			s.pos++
			return nil
		default:
			return errJSONShape
		}
	}
}

// array calls elem for every element of the array at the scanner; elem must
// consume the element.
func (s *jsonScanner) array(elem func(i int) error) error {
	if s.peek() != '[' {
		return errJSONShape
	}
	s.pos++
	if s.peek() == ']' {
		s.pos++
		return nil
	}
	for i := 0; ; i++ {
		if err := elem(i); err != nil {
			return err
		}
		switch s.peek() {
		case ',':
			s.pos++
		case ']':
			s.pos++
			return nil
		default:
			return errJSONShape
		}
	}
}

// stringValue consumes a string value and returns it decoded, or "" and
// false (after skipping it) when the value is not a string.
func (s *jsonScanner) stringValue() (string, bool, error) {
	if s.peek() != '"' {
		_, err := s.skip()
		return "", false, err
	}
	sp, err := s.str()
	if err != nil {
		return "", false, err
	}
	return string(appendJSONString(nil, s.src[sp.start+1:sp.end-1])), true, nil
}

// numberValue consumes a value and returns it as a number if it is one.
func (s *jsonScanner) numberValue() (float64, bool, error) {
	switch c := s.peek(); {
	case c == '-' || (c >= '0' && c <= '9'):
		f, err := strconv.ParseFloat(string(s.scalar()), 64)
		return f, err == nil, nil
	default:
		_, err := s.skip()
		return 0, false, err
	}
}

// decodeKey returns the key's text, decoding escapes only when there are any.
func decodeKey(raw []byte) []byte {
	if bytes.IndexByte(raw, '\\') < 0 {
		return raw
	}
	return appendJSONString(nil, raw)
}
