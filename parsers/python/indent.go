package python

// indentError finds the first line whose indentation Python's tokenizer
// rejects: deeper than the line before when that line opens no block
// ("unexpected indent"), or shallower to a depth no enclosing block has
// ("unindent does not match any outer indentation level"). The parser
// folds such a line into an error that often starts lines earlier, at the
// top of the file; CPython names the line itself.
//
// Only logical lines count: blank and comment-only lines, lines inside
// brackets or strings and lines continued with a backslash are skipped.
// ok is false when every line is indented as Python wants.
func indentError(src []byte) (e SyntaxError, ok bool) {
	stack := []int{0} // the indentation of each open block
	opensBlock := false
	depth := 0           // open brackets
	continued := false   // the previous physical line ended with a backslash
	var quote openString // a string literal a line left open
	for pos := 0; pos < len(src); {
		end := pos
		for end < len(src) && src[end] != '\n' {
			end++
		}
		line := src[pos:end]
		if quote.q == 0 && depth == 0 && !continued {
			width, rest := indentWidth(line)
			if rest < len(line) && line[rest] != '#' && line[rest] != '\r' {
				top := stack[len(stack)-1]
				switch {
				case width > top && !opensBlock:
					msg := "unexpected indent"
					if line[rest] == '.' {
						msg += ": a method chain that goes on to the next line needs parentheses around it or a backslash at the end of the line"
					}
					return SyntaxError{Start: pos + rest, End: pos + len(trimRight(line)), Message: msg}, true
				case width > top:
					stack = append(stack, width)
				case width < top:
					for len(stack) > 1 && stack[len(stack)-1] > width {
						stack = stack[:len(stack)-1]
					}
					if stack[len(stack)-1] != width {
						return SyntaxError{Start: pos + rest, End: pos + len(trimRight(line)), Message: "unindent does not match any outer indentation level"}, true
					}
				}
				opensBlock = false
			}
		}
		var last byte // the line's last character outside strings and comments
		last, depth, quote, continued = scanLine(line, depth, quote)
		if quote.q == 0 && depth == 0 && !continued && last != 0 {
			opensBlock = last == ':'
		}
		pos = end + 1
	}
	return SyntaxError{}, false
}

// indentWidth is the line's indentation as Python's tokenizer counts it
// (a tab to the next multiple of 8) and the offset of its first other byte.
func indentWidth(line []byte) (width, rest int) {
	for rest < len(line) {
		switch line[rest] {
		case ' ':
			width++
		case '\t':
			width = (width/8 + 1) * 8
		case '\f':
			width = 0
		default:
			return width, rest
		}
		rest++
	}
	return width, rest
}

// scanLine reads one physical line from the state the previous one left
// (open brackets, an open triple-quoted string) and returns the last
// significant character outside strings and comments, the state after it,
// and whether the line ends with a continuation backslash.
func scanLine(line []byte, depth int, quote openString) (last byte, _ int, _ openString, continued bool) {
	i := 0
	if quote.q != 0 { // inside a string the line before left open
		j := closeString(line, 0, quote)
		if j < 0 {
			return 0, depth, quote, false
		}
		i, last, quote = j, quote.q, openString{}
	}
	for i < len(line) {
		c := line[i]
		switch {
		case c == '#':
			return last, depth, quote, false
		case c == '\\' && i == len(trimRight(line))-1:
			return last, depth, quote, true
		case c == '"' || c == '\'':
			s := openString{q: c}
			from := i + 1
			if i+2 < len(line) && line[i+1] == c && line[i+2] == c {
				s.triple, from = true, i+3
			}
			j := closeString(line, from, s)
			if j < 0 {
				// a triple-quoted string goes on; so does a quoted one
				// whose line ends with a backslash
				if s.triple || len(line) > 0 && line[len(trimRight(line))-1] == '\\' {
					return c, depth, s, false
				}
				return c, depth, openString{}, false // unterminated: the parser says so
			}
			i, last = j, c
			continue
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			if depth > 0 {
				depth--
			}
		}
		if c != ' ' && c != '\t' && c != '\r' {
			last = c
		}
		i++
	}
	return last, depth, quote, false
}

// openString is a string literal a line leaves open: triple-quoted, or
// quoted and continued with a backslash.
type openString struct {
	q      byte // the quote character; 0 for none
	triple bool
}

// closeString returns the offset just past the quote that closes s, read
// from offset from, or -1 when the line does not close it.
func closeString(line []byte, from int, s openString) int {
	for j := from; j < len(line); j++ {
		switch {
		case line[j] == '\\':
			j++
		case line[j] != s.q:
		case !s.triple:
			return j + 1
		case j+2 < len(line) && line[j+1] == s.q && line[j+2] == s.q:
			return j + 3
		}
	}
	return -1
}

func trimRight(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}
