package python

import (
	"bytes"
	"fmt"
)

// SyntaxError is the first place the parser could not read.
type SyntaxError struct {
	Start, End int // region offsets; End == Start for a missing token
	Message    string
}

// FirstError returns the first syntax error in source order, if any: an
// ERROR node (cut to its first line) or a token the parser had to invent,
// or the line whose indentation made the parser fail, when the error
// found covers it.
func (t *Tree) FirstError() (SyntaxError, bool) { return t.FirstErrorIn(false) }

// FirstErrorIn is FirstError for the code of a notebook cell when cell is
// true: IPython takes off the indentation of a cell's first line from the
// lines of the cell before Python reads it, so an indented cell is not an
// unexpected indent.
func (t *Tree) FirstErrorIn(cell bool) (SyntaxError, bool) {
	e, ok := t.firstError(cell)
	if ok && !cell {
		// a notebook cell's IPython lines are blanked before Python reads
		// it: the hint, which blames a missing notebook header, is for
		// plain files only
		e.Message = t.magicHint(e)
	}
	return e, ok
}

// magicHint is e's message, or, when e is on a line of IPython syntax
// (%run, %pip, !cmd), what that line is: code copied out of a notebook
// into a plain Python file, which Python cannot run.
func (t *Tree) magicHint(e SyntaxError) string {
	line := t.Src[lineStart(t.Src, e.Start):]
	_, rest := indentWidth(line)
	if rest >= len(line) || line[rest] != '%' && line[rest] != '!' {
		return e.Message
	}
	word := line[rest:]
	if i := bytes.IndexAny(word, " \t\r\n"); i >= 0 {
		word = word[:i]
	}
	return fmt.Sprintf("%s is notebook (IPython) syntax, not Python: this file is read as plain Python because its first line is not \"# Databricks notebook source\"", word)
}

func (t *Tree) firstError(cell bool) (SyntaxError, bool) {
	e, ok := t.treeError()
	ie, badIndent := indentError(t.Src, cell)
	switch {
	case !badIndent:
		return e, ok
	case ok && e.Start < ie.Start && prefixError(t.Src[:lineStart(t.Src, ie.Start)]):
		// Python stops at the first error it reads: one in the lines
		// before the badly indented one comes first
		return e, true
	}
	// the parser accepts some indentation Python does not, or folds the
	// bad line into an error that starts where nothing is wrong
	return ie, true
}

// prefixError reports whether src, the lines before a badly indented one,
// holds a syntax error of its own.
func prefixError(src []byte) bool {
	tr, err := Parse(src)
	if err != nil {
		return true
	}
	defer tr.Release()
	_, bad := tr.treeError()
	return bad
}

func lineStart(src []byte, off int) int {
	for off > 0 && src[off-1] != '\n' {
		off--
	}
	return off
}

// treeError is the first error the parser left in the tree.
func (t *Tree) treeError() (SyntaxError, bool) {
	root := t.Root()
	if !root.HasError() {
		return SyntaxError{}, false
	}
	var found, joined Node
	root.Descendants(func(n Node) bool {
		if found.Valid() || joined.Valid() && n.Start() > joined.Start() {
			return false
		}
		if n.IsError() || n.IsMissing() {
			found = n
			return false
		}
		if !joined.Valid() && (n.Is("module") || n.Is("block")) {
			joined = t.juxtaposed(n)
		}
		return n.HasError()
	})
	switch {
	case joined.Valid() && (!found.Valid() || joined.Start() < found.Start()):
		start, end := t.firstLine(joined)
		return SyntaxError{Start: start, End: end, Message: "invalid syntax"}, true
	case !found.Valid():
		// has_error without a visible culprit: report the tree's end
		return SyntaxError{Start: root.End(), End: root.End(), Message: "invalid syntax"}, true
	case found.IsMissing():
		return SyntaxError{Start: found.Start(), End: found.Start(), Message: missingMessage(found)}, true
	}
	msg, bracket := errorMessage(found)
	if bracket.Valid() { // point at the bracket, as Python does
		return SyntaxError{Start: bracket.Start(), End: bracket.End(), Message: msg}, true
	}
	start, end := t.firstLine(found)
	return SyntaxError{Start: start, End: end, Message: msg}, true
}

// juxtaposed returns the first statement of a module or block that follows
// the previous one on the same line with no ";" between them (a missing dot
// or comma: "df.write.mode('x') saveAsTable('t')"). The parser accepts that
// silently; Python does not.
func (t *Tree) juxtaposed(n Node) Node {
	prev := Node{}
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		if !c.IsNamed() || c.IsExtra() {
			continue
		}
		if prev.Valid() && prev.End() <= c.Start() && !bytes.ContainsAny(t.Src[prev.End():c.Start()], "\n;") {
			return c
		}
		prev = c
	}
	return Node{}
}

// firstLine returns the span of n cut to its first line, trailing blanks dropped.
func (t *Tree) firstLine(n Node) (start, end int) {
	start, end = n.Start(), n.End()
	if i := bytes.IndexByte(t.Src[start:end], '\n'); i >= 0 {
		end = start + i
	}
	for end > start && (t.Src[end-1] == ' ' || t.Src[end-1] == '\t' || t.Src[end-1] == '\r') {
		end--
	}
	return start, end
}

func missingMessage(n Node) string {
	typ := n.Type()
	if n.IsNamed() {
		return "missing " + typ
	}
	return "missing '" + typ + "'"
}

// errorMessage names the commonest causes an ERROR node shows, else falls
// back to Python's own wording; for a bracket never closed it returns the
// bracket too.
func errorMessage(n Node) (string, Node) {
	var open []Node
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		switch c.Type() {
		case "(", "[", "{":
			open = append(open, c)
		case ")", "]", "}":
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		case "string_start":
			return "unterminated string literal", Node{}
		}
	}
	if len(open) > 0 {
		b := open[len(open)-1]
		return "'" + b.Type() + "' was never closed", b
	}
	return "invalid syntax", Node{}
}
