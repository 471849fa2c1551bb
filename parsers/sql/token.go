package sql

import (
	"strings"
	"unicode/utf8"
)

// TokenKind classifies a token.
type TokenKind uint8

const (
	EOF         TokenKind = iota // past the last token of a statement
	Ident                        // a bare word: identifier or keyword, which case-insensitive matching tells apart
	QuotedIdent                  // `back ticked`, doubled backticks standing for one
	String                       // '...', "..." or raw r'...'
	Number                       // 42, 1.5, 2e9, 10L, 3.0BD
	Param                        // ${var}, $var, :param or {placeholder}: stands for a value or a name
	Comment                      // -- to end of line, or /* ... */
	HintComment                  // /*+ ... */
	Punct                        // punctuation or operator: ( ) , ; . = <=> :: ...
)

var kindNames = [...]string{"EOF", "Ident", "QuotedIdent", "String", "Number", "Param", "Comment", "HintComment", "Punct"}

func (k TokenKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "TokenKind(?)"
}

// Token is a lexeme at [Start, End) in the text it was read from.
type Token struct {
	Kind TokenKind
	// Unterminated marks a string, quoted identifier or block comment that
	// runs to the end of the text.
	Unterminated bool
	Start, End   int
}

// Text returns the token's source bytes.
func (t Token) Text(src []byte) []byte { return src[t.Start:t.End] }

// Is reports whether the token is the bare word kw; kw must be upper case.
func (t Token) Is(src []byte, kw string) bool {
	return t.Kind == Ident && t.End-t.Start == len(kw) && upperEqual(src[t.Start:t.End], kw)
}

// IsPunct reports whether the token is the punctuation or operator op.
func (t Token) IsPunct(src []byte, op string) bool {
	return t.Kind == Punct && string(src[t.Start:t.End]) == op
}

// Value returns what the token stands for: the decoded text of a string, the
// name inside backticks, the source text of anything else.
func (t Token) Value(src []byte) string {
	switch t.Kind {
	case String:
		return stringValue(src[t.Start:t.End], t.Unterminated)
	case QuotedIdent:
		return quotedIdentValue(src[t.Start:t.End], t.Unterminated)
	}
	return string(src[t.Start:t.End])
}

// Quote returns the quote character of a string token (a single or a double
// quote), 0 for other kinds.
func (t Token) Quote(src []byte) byte {
	if t.Kind != String {
		return 0
	}
	if c := src[t.Start]; c == '\'' || c == '"' {
		return c
	}
	return src[t.Start+1] // after the raw prefix
}

// upperEqual compares b with the upper-case ASCII word kw, ignoring b's case.
func upperEqual(b []byte, kw string) bool {
	if len(b) != len(kw) {
		return false
	}
	for i := 0; i < len(b); i++ {
		c := b[i]
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		if c != kw[i] {
			return false
		}
	}
	return true
}

// quotedIdentValue strips the backticks of `name`, undoubling inner ones.
func quotedIdentValue(b []byte, unterminated bool) string {
	inner := b[1:]
	if !unterminated && len(inner) > 0 {
		inner = inner[:len(inner)-1]
	}
	s := string(inner)
	if strings.Contains(s, "``") {
		s = strings.ReplaceAll(s, "``", "`")
	}
	return s
}

// stringValue decodes a string literal: quotes removed, doubled quotes
// undoubled and, unless the literal is raw, backslash escapes applied.
func stringValue(b []byte, unterminated bool) string {
	raw := false
	if b[0] == 'r' || b[0] == 'R' {
		raw, b = true, b[1:]
	}
	q := b[0]
	inner := b[1:]
	if !unterminated && len(inner) > 0 {
		inner = inner[:len(inner)-1]
	}
	simple := true
	for _, c := range inner {
		if c == q || (c == '\\' && !raw) {
			simple = false
			break
		}
	}
	if simple {
		return string(inner)
	}
	var sb strings.Builder
	sb.Grow(len(inner))
	for i := 0; i < len(inner); i++ {
		c := inner[i]
		switch {
		case c == q: // the first of a doubled quote
			sb.WriteByte(q)
			i++
		case c == '\\' && !raw && i+1 < len(inner):
			i += decodeEscape(&sb, inner, i+1) - 1
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

// decodeEscape writes the character escaped at b[i] (just after the
// backslash) and returns how many bytes, backslash included, it consumed.
func decodeEscape(sb *strings.Builder, b []byte, i int) int {
	c := b[i]
	switch c {
	case '0':
		if i+2 < len(b) && isOctal(b[i+1]) && isOctal(b[i+2]) {
			break
		}
		sb.WriteByte(0)
		return 2
	case 'b':
		sb.WriteByte('\b')
		return 2
	case 'n':
		sb.WriteByte('\n')
		return 2
	case 'r':
		sb.WriteByte('\r')
		return 2
	case 't':
		sb.WriteByte('\t')
		return 2
	case 'Z':
		sb.WriteByte(0x1A)
		return 2
	case '%', '_': // kept escaped: they matter to LIKE patterns
		sb.WriteByte('\\')
		sb.WriteByte(c)
		return 2
	case 'u', 'U':
		n := 4
		if c == 'U' {
			n = 8
		}
		if r, ok := hexRune(b[i+1:], n); ok {
			sb.WriteRune(r)
			return 2 + n
		}
	}
	if c <= '3' && c >= '0' && i+2 < len(b) && isOctal(b[i+1]) && isOctal(b[i+2]) {
		sb.WriteByte((c-'0')<<6 | (b[i+1]-'0')<<3 | (b[i+2] - '0'))
		return 4
	}
	sb.WriteByte(c)
	return 2
}

func isOctal(c byte) bool { return '0' <= c && c <= '7' }

func hexRune(b []byte, n int) (rune, bool) {
	if len(b) < n {
		return 0, false
	}
	var r rune
	for _, c := range b[:n] {
		switch {
		case '0' <= c && c <= '9':
			r = r<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	if !utf8.ValidRune(r) {
		return utf8.RuneError, true
	}
	return r, true
}
