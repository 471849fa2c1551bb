package python

import (
	"bytes"
	"unicode/utf8"

	"github.com/lakelint/lakelint/parsers/document"
)

// Resolver returns the text of an f-string placeholder's expression when it
// is a known constant (ok). When it is not known but stands for a value
// known by a name (a widget's), text is what the string holds in its
// place, as a hole; else text is empty and the hole holds the placeholder
// as written.
type Resolver func(expr Node) (text string, ok bool)

// StringPrefix describes a string literal's prefix letters and quotes.
type StringPrefix struct {
	Raw, Bytes, Format bool
	Quote              string // `"`, `'`, `"""` or `'''`
}

// PrefixOf reads the prefix of a `string` node.
func PrefixOf(n Node) StringPrefix {
	var p StringPrefix
	start := n.FirstChild()
	if !start.Is("string_start") {
		return p
	}
	for i, c := range start.Text() {
		switch c {
		case 'r', 'R':
			p.Raw = true
		case 'b', 'B':
			p.Bytes = true
		case 'f', 'F':
			p.Format = true
		case '"', '\'':
			p.Quote = string(start.Text()[i:])
			return p
		}
	}
	return p
}

// IsString reports whether n is a string literal or an implicit concatenation of them.
func IsString(n Node) bool { return n.Is("string") || n.Is("concatenated_string") }

// DecodeString returns the value of a `string` or `concatenated_string` node:
// escapes decoded, implicit concatenation joined, and f-string placeholders
// replaced by what resolve returns or kept as written (and recorded as
// holes). ok is false for bytes literals and for anything that is not a string.
func DecodeString(n Node, resolve Resolver) (d Decoded, ok bool) {
	if text, at, ok := PlainString(n); ok {
		m := document.PosMap{}
		if len(text) > 0 {
			m = document.PosMap{{File: at, Len: len(text)}}
		}
		return Decoded{Text: string(text), Map: m}, true
	}
	// the value is rarely longer than its spelling
	b := Builder{buf: make([]byte, 0, n.End()-n.Start()), m: make(document.PosMap, 0, 2)}
	if !AppendString(&b, n, resolve) {
		return Decoded{}, false
	}
	return b.Decoded(), true
}

// AppendString decodes a string node into b; see DecodeString.
func AppendString(b *Builder, n Node, resolve Resolver) bool {
	switch n.Type() {
	case "string":
		return appendOne(b, n, resolve)
	case "concatenated_string":
		any := false
		for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
			if c.Is("string") {
				if !appendOne(b, c, resolve) {
					return false
				}
				any = true
			}
		}
		return any
	}
	return false
}

// PlainString returns the value of a `string` node whose value is its text
// between the quotes, byte for byte (no escapes, placeholders or doubled
// braces), with the offset where that text starts. Most literals are plain,
// and their value needs no decoding: DecodeString would give Text = text and
// one segment mapping it to at (none when text is empty).
func PlainString(n Node) (text []byte, at int, ok bool) {
	if !n.Is("string") {
		return nil, 0, false
	}
	p := PrefixOf(n)
	if p.Bytes || p.Quote == "" {
		return nil, 0, false
	}
	at = n.FirstChild().End()
	for c := n.FirstChild().NextSibling(); c.Valid(); c = c.NextSibling() {
		switch c.Type() {
		case "interpolation":
			return nil, 0, false
		case "string_end":
			if c.Start() < at {
				return nil, 0, false
			}
			text = n.t.Src[at:c.Start()]
			if !p.Raw && bytes.IndexByte(text, '\\') >= 0 ||
				p.Format && bytes.ContainsAny(text, "{}") {
				return nil, 0, false
			}
			return text, at, true
		}
	}
	return nil, 0, false // unterminated
}

func appendOne(b *Builder, n Node, resolve Resolver) bool {
	p := PrefixOf(n)
	if p.Bytes || p.Quote == "" {
		return false
	}
	src := n.t.Src
	pos := n.FirstChild().End()
	for c := n.FirstChild().NextSibling(); c.Valid(); c = c.NextSibling() {
		switch c.Type() {
		case "interpolation":
			decodeLiteral(b, src[pos:c.Start()], pos, p)
			appendPlaceholder(b, c, resolve)
			pos = c.End()
		case "string_end":
			decodeLiteral(b, src[pos:c.Start()], pos, p)
			return true
		}
	}
	// unterminated: decode what there is
	decodeLiteral(b, src[pos:max(pos, n.End())], pos, p)
	return true
}

// appendPlaceholder substitutes {expr} when it resolves and has no
// conversion or format spec, and keeps it as a hole otherwise.
func appendPlaceholder(b *Builder, in Node, resolve Resolver) {
	expr := in.ChildByField("expression")
	plain := expr.Valid()
	for c := in.FirstChild(); c.Valid(); c = c.NextSibling() {
		switch c.Type() {
		case "type_conversion", "format_specifier", "=":
			plain = false
		}
	}
	if plain && resolve != nil {
		switch v, ok := resolve(expr); {
		case ok:
			b.Value(v)
			return
		case v != "":
			b.ValueHole(v)
			return
		}
	}
	b.Hole(in.Text(), in.Start())
}

// decodeLiteral appends the literal text of a string at source offset at.
func decodeLiteral(b *Builder, text []byte, at int, p StringPrefix) {
	run := 0
	flush := func(i int) {
		if i > run {
			b.Verbatim(text[run:i], at+run)
		}
	}
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '\\' && !p.Raw:
			val, n, ok := decodeEscape(text[i:])
			if !ok {
				// unknown escapes stay as written
				i += n
				continue
			}
			flush(i)
			b.Value(val)
			i += n
			run = i
		case p.Format && (c == '{' || c == '}') && i+1 < len(text) && text[i+1] == c:
			flush(i)
			b.Value(string(c))
			i += 2
			run = i
		default:
			i++
		}
	}
	flush(len(text))
}

// decodeEscape decodes the escape at the start of s (s[0] == '\\'). It returns
// the value, the escape's length in bytes, and false when Python would keep
// the backslash (an unknown escape).
func decodeEscape(s []byte) (val string, n int, ok bool) {
	if len(s) < 2 {
		return "", len(s), false
	}
	switch c := s[1]; c {
	case '\n':
		return "", 2, true
	case '\r':
		if len(s) > 2 && s[2] == '\n' {
			return "", 3, true
		}
		return "", 2, true
	case '\\', '\'', '"':
		return string(c), 2, true
	case 'a':
		return "\a", 2, true
	case 'b':
		return "\b", 2, true
	case 'f':
		return "\f", 2, true
	case 'n':
		return "\n", 2, true
	case 'r':
		return "\r", 2, true
	case 't':
		return "\t", 2, true
	case 'v':
		return "\v", 2, true
	case '0', '1', '2', '3', '4', '5', '6', '7':
		r, k := 0, 1
		for k < 4 && k < len(s) && s[k] >= '0' && s[k] <= '7' {
			r = r*8 + int(s[k]-'0')
			k++
		}
		return string(rune(r)), k, true
	case 'x':
		return hexEscape(s, 2)
	case 'u':
		return hexEscape(s, 4)
	case 'U':
		return hexEscape(s, 8)
	case 'N':
		if len(s) > 3 && s[2] == '{' {
			for k := 3; k < len(s); k++ {
				if s[k] == '}' {
					// Unicode names are not tabled here; the character is
					// known to be one character, not which.
					return string(utf8.RuneError), k + 1, true
				}
			}
		}
		return "", 2, false
	}
	return "", 2, false
}

func hexEscape(s []byte, digits int) (string, int, bool) {
	if len(s) < 2+digits {
		return "", 2, false
	}
	r := 0
	for _, c := range s[2 : 2+digits] {
		switch {
		case c >= '0' && c <= '9':
			r = r*16 + int(c-'0')
		case c >= 'a' && c <= 'f':
			r = r*16 + int(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r*16 + int(c-'A'+10)
		default:
			return "", 2, false
		}
	}
	if r > utf8.MaxRune {
		r = utf8.RuneError
	}
	return string(rune(r)), 2 + digits, true
}
