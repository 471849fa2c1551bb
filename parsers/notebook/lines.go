package notebook

import "bytes"

// nextLine returns the end of the line starting at start, without its line
// ending ("\n" or "\r\n"), and the start of the following line.
func nextLine(src []byte, start int) (contentEnd, next int) {
	i := bytes.IndexByte(src[start:], '\n')
	if i < 0 {
		return len(src), len(src)
	}
	end := start + i
	next = end + 1
	if end > start && src[end-1] == '\r' {
		end--
	}
	return end, next
}

// LineEnding returns "\r\n" when the first line of text ends so, "\n" otherwise.
func LineEnding(text []byte) string {
	if i := bytes.IndexByte(text, '\n'); i > 0 && text[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}

// isBlank reports whether b holds only spaces, tabs and line endings.
func isBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '\f' && c != '\v' {
			return false
		}
	}
	return true
}

func trimRightSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

func trimLeftSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	return b
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'
}

// firstWord splits b at its first space or tab.
func firstWord(b []byte) (word, rest []byte) {
	for i, c := range b {
		if c == ' ' || c == '\t' {
			return b[:i], b[i:]
		}
	}
	return b, nil
}

// utf8BOM starts some files saved by Windows editors.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// BOMLen returns 3 when src starts with a UTF-8 byte order mark, else 0.
func BOMLen(src []byte) int {
	if bytes.HasPrefix(src, utf8BOM) {
		return len(utf8BOM)
	}
	return 0
}
