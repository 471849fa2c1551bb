package python

import "bytes"

// Tree-sitter's memory lies outside Go's heap, unseen by its collector, and
// comes to some fifty times the source it parses: a 50 MB file parsed whole
// took gigabytes. A source larger than pieceSize is therefore cut between
// top-level statements and parsed a piece at a time into one tree, so that
// tree-sitter never holds more than a piece.

// pieceSize is about how much source tree-sitter is given at once.
var pieceSize = 256 << 10

// cuts returns the offsets, in order, where src can be cut into pieces of
// at least size bytes that each start with a top-level statement: at the
// start of a line that is not indented, not a comment, not inside brackets,
// a string or a backslash continuation, not an else, elif, except or
// finally clause, and not the definition a decorator line before it
// decorates. It reads src as Python's tokenizer would, roughly: where it
// misreads (a syntax error), the pieces are parsed again whole.
func cuts(src []byte, size int) []int {
	var out []int
	last := 0                                                                          // the last cut
	depth := 0                                                                         // open brackets
	decorated := bytes.HasPrefix(bytes.TrimPrefix(src, []byte("\ufeff")), []byte("@")) // the first line's
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			continue
		case c == '"' || c == '\'':
			i = stringEnd(src, i)
			continue
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth = max(0, depth-1)
		case c == '\\' && i+1 < len(src) && (src[i+1] == '\n' || src[i+1] == '\r'):
			i += 2 // a continued line: the next one starts no statement
			if i < len(src) && src[i-1] == '\r' && src[i] == '\n' {
				i++
			}
			continue
		case c == '\n':
			i++
			if depth > 0 || i >= len(src) {
				continue
			}
			switch first := src[i]; {
			case first == ' ', first == '\t', first == '\f', first == '\r', first == '\n', first == '#':
				// indented, blank or a comment: inside what came before
			case clause(src[i:]):
			case first == '@':
				if !decorated && i-last >= size {
					out, last = append(out, i), i
				}
				decorated = true
			default:
				if !decorated && i-last >= size {
					out, last = append(out, i), i
				}
				decorated = false
			}
			continue
		}
		i++
	}
	if len(out) > 0 && len(src)-out[len(out)-1] < size/4 {
		out = out[:len(out)-1] // no piece much smaller than the others at the end
	}
	return out
}

// stringEnd is the offset after the string literal whose quote is at i; a
// string left open ends at its line's end (one quote) or the source's.
func stringEnd(src []byte, i int) int {
	q := src[i]
	triple := i+2 < len(src) && src[i+1] == q && src[i+2] == q
	i++
	if triple {
		i += 2
	}
	for i < len(src) {
		switch c := src[i]; {
		case c == '\\':
			i += 2 // an escape, in raw strings too: it keeps the quote after it
		case c == q && !triple:
			return i + 1
		case c == q && i+2 < len(src) && src[i+1] == q && src[i+2] == q:
			return i + 3
		case c == '\n' && !triple:
			return i
		default:
			i++
		}
	}
	return len(src)
}

// clause reports whether line starts with a keyword that continues the
// statement before it.
func clause(line []byte) bool {
	for _, kw := range []string{"else", "elif", "except", "finally"} {
		if len(line) >= len(kw) && string(line[:len(kw)]) == kw && (len(line) == len(kw) || !isIdent(line[len(kw)])) {
			return true
		}
	}
	return false
}

func isIdent(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}
