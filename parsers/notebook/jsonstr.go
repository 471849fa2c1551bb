package notebook

import (
	"bytes"
	"unicode/utf16"
	"unicode/utf8"
)

// appendJSONString appends the decoded contents of a JSON string (raw is the
// text between the quotes). Bytes that are not valid UTF-8 are kept as they
// are, so that decoding is a pure function of the file bytes.
func appendJSONString(dst, raw []byte) []byte {
	for len(raw) > 0 {
		i := bytes.IndexByte(raw, '\\')
		if i < 0 {
			return append(dst, raw...)
		}
		dst = append(dst, raw[:i]...)
		raw = raw[i:]
		if len(raw) < 2 {
			return append(dst, raw...)
		}
		switch c := raw[1]; c {
		case '"', '\\', '/':
			dst = append(dst, c)
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r, n := decodeUnicodeEscape(raw)
			if n == 0 {
				return append(dst, raw...)
			}
			dst = utf8.AppendRune(dst, r)
			raw = raw[n:]
			continue
		default:
			dst = append(dst, raw[:2]...)
		}
		raw = raw[2:]
	}
	return dst
}

// decodeUnicodeEscape decodes \uXXXX (or a surrogate pair of them) at the start
// of raw and returns the rune and the number of bytes used, 0 if malformed.
func decodeUnicodeEscape(raw []byte) (rune, int) {
	r1, ok := hex4(raw)
	if !ok {
		return 0, 0
	}
	if !utf16.IsSurrogate(r1) {
		return r1, 6
	}
	if r2, ok := hex4(raw[6:]); ok {
		if r := utf16.DecodeRune(r1, r2); r != utf8.RuneError {
			return r, 12
		}
	}
	return utf8.RuneError, 6
}

// hex4 reads the four hex digits of a "\uXXXX" escape at the start of b.
func hex4(b []byte) (rune, bool) {
	if len(b) < 6 || b[0] != '\\' || b[1] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range b[2:6] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// appendJSONQuote appends s as a JSON string the way Jupyter writes them:
// quotes, backslashes and control characters escaped, other text as UTF-8,
// or as \u escapes when asciiOnly (for notebooks kept pure ASCII). Bytes
// that are not UTF-8 become U+FFFD.
func appendJSONQuote(dst, s []byte, asciiOnly bool) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				dst = append(dst, '\\', c)
			case c == '\n':
				dst = append(dst, '\\', 'n')
			case c == '\r':
				dst = append(dst, '\\', 'r')
			case c == '\t':
				dst = append(dst, '\\', 't')
			case c == '\b':
				dst = append(dst, '\\', 'b')
			case c == '\f':
				dst = append(dst, '\\', 'f')
			case c < 0x20:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			default:
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			dst = append(dst, `\ufffd`...)
		case asciiOnly:
			if r1, r2 := utf16.EncodeRune(r); r1 != utf8.RuneError {
				dst = appendUnicodeEscape(dst, r1)
				dst = appendUnicodeEscape(dst, r2)
			} else {
				dst = appendUnicodeEscape(dst, r)
			}
		default:
			dst = append(dst, s[i:i+n]...)
		}
		i += n
	}
	return append(dst, '"')
}

func appendUnicodeEscape(dst []byte, r rune) []byte {
	const hex = "0123456789abcdef"
	return append(dst, '\\', 'u', hex[r>>12&0xF], hex[r>>8&0xF], hex[r>>4&0xF], hex[r&0xF])
}
