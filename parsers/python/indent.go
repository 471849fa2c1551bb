package python

import "github.com/lakelint/lakelint/parsers/pylines"

// indentError finds the first line whose indentation Python's tokenizer
// rejects: deeper than the line before when that line opens no block
// ("unexpected indent"), or shallower to a depth no enclosing block has
// ("unindent does not match any outer indentation level"). The parser
// folds such a line into an error that often starts lines earlier, at the
// top of the file; CPython names the line itself.
//
// In a notebook cell (cell true) the first line's indentation is the
// base, as IPython takes it off before Python reads the cell.
//
// Only logical lines count: blank and comment-only lines, lines inside
// brackets or strings and lines continued with a backslash are skipped.
// ok is false when every line is indented as Python wants.
func indentError(src []byte, cell bool) (e SyntaxError, ok bool) {
	stack := []int{0} // the indentation of each open block
	first := cell     // a cell's first line sets its base indentation
	var lines pylines.State
	for pos := 0; pos < len(src); {
		end := pos
		for end < len(src) && src[end] != '\n' {
			end++
		}
		line := src[pos:end]
		if !lines.Continued() {
			width, rest := indentWidth(line)
			if rest < len(line) && line[rest] != '#' && line[rest] != '\r' {
				if first {
					stack[0], first = width, false
				}
				top := stack[len(stack)-1]
				switch {
				case width > top && lines.Last != ':':
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
			}
		}
		lines.Scan(line)
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

func trimRight(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}
