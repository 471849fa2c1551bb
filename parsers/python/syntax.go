package python

import "bytes"

// SyntaxError is the first place the parser could not read.
type SyntaxError struct {
	Start, End int // region offsets; End == Start for a missing token
	Message    string
}

// FirstError returns the first syntax error in source order, if any: an
// ERROR node (cut to its first line) or a token the parser had to invent.
func (t *Tree) FirstError() (SyntaxError, bool) {
	root := t.Root()
	if !root.HasError() {
		return SyntaxError{}, false
	}
	var found Node
	root.Descendants(func(n Node) bool {
		if found.Valid() {
			return false
		}
		if n.IsError() || n.IsMissing() {
			found = n
			return false
		}
		return n.HasError()
	})
	if !found.Valid() {
		// has_error without a visible culprit: report the tree's end
		return SyntaxError{Start: root.End(), End: root.End(), Message: "invalid syntax"}, true
	}
	if found.IsMissing() {
		return SyntaxError{Start: found.Start(), End: found.Start(), Message: missingMessage(found)}, true
	}
	start, end := found.Start(), found.End()
	if i := bytes.IndexByte(t.Src[start:end], '\n'); i >= 0 {
		end = start + i
	}
	for end > start && (t.Src[end-1] == ' ' || t.Src[end-1] == '\t' || t.Src[end-1] == '\r') {
		end--
	}
	return SyntaxError{Start: start, End: end, Message: errorMessage(found)}, true
}

func missingMessage(n Node) string {
	typ := n.Type()
	if n.IsNamed() {
		return "missing " + typ
	}
	return "missing '" + typ + "'"
}

// errorMessage names the commonest causes an ERROR node shows, else falls
// back to Python's own wording.
func errorMessage(n Node) string {
	var open []string
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		switch c.Type() {
		case "(", "[", "{":
			open = append(open, c.Type())
		case ")", "]", "}":
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		case "string_start":
			return "unterminated string literal"
		}
	}
	if len(open) > 0 {
		return "'" + open[len(open)-1] + "' was never closed"
	}
	return "invalid syntax"
}
