// Package pylines follows what makes one logical line of Python span
// several physical ones: open brackets, strings that go on past the line
// (triple-quoted, or quoted and continued with a backslash) and backslash
// continuations. Readers that look at lines before any parser does need it
// (IPython magics only start a logical line; Python's tokenizer checks
// indentation only there).
package pylines

// State is where the lines read so far leave the next one.
type State struct {
	quote     byte // quote character of a string the last line left open, 0 if none
	triple    bool // that string is triple-quoted
	depth     int  // open brackets
	backslash bool // the last line ended with a continuation backslash
	// Last is the last character outside strings and comments of the
	// lines read (a ':' ending a logical line opens a block); blank and
	// comment-only lines leave it as it was.
	Last byte
}

// Continued reports whether the next line continues a logical line.
func (s *State) Continued() bool { return s.quote != 0 || s.depth > 0 || s.backslash }

// Scan moves the state past one line, given without its line ending.
func (s *State) Scan(line []byte) {
	s.backslash = false
	end := len(line)
	for end > 0 && (line[end-1] == ' ' || line[end-1] == '\t' || line[end-1] == '\r') {
		end--
	}
	i := 0
	if s.quote != 0 {
		if i = s.closeString(line, 0); i < 0 {
			s.backslash = !s.triple && end > 0 && line[end-1] == '\\'
			if !s.triple && !s.backslash {
				s.quote = 0 // unterminated: the parser says so
			}
			return
		}
		s.Last, s.quote = s.quote, 0
	}
	for i < end {
		c := line[i]
		switch c {
		case '#':
			return
		case '\\':
			s.backslash = i == end-1
			i += 2
			continue
		case '(', '[', '{':
			s.depth++
		case ')', ']', '}':
			s.depth = max(s.depth-1, 0)
		case '\'', '"':
			s.quote, s.triple = c, i+2 < len(line) && line[i+1] == c && line[i+2] == c
			from := i + 1
			if s.triple {
				from = i + 3
			}
			if i = s.closeString(line, from); i < 0 {
				s.Last = c
				s.backslash = !s.triple && line[end-1] == '\\'
				if !s.triple && !s.backslash {
					s.quote = 0
				}
				return
			}
			s.Last, s.quote = c, 0
			continue
		}
		if c != ' ' && c != '\t' {
			s.Last = c
		}
		i++
	}
}

// closeString returns the offset just past the quote that closes the open
// string, read from offset from, or -1 when the line does not close it.
func (s *State) closeString(line []byte, from int) int {
	for j := from; j < len(line); j++ {
		switch {
		case line[j] == '\\':
			j++
		case line[j] != s.quote:
		case !s.triple:
			return j + 1
		case j+2 < len(line) && line[j+1] == s.quote && line[j+2] == s.quote:
			return j + 3
		}
	}
	return -1
}
