package notebook

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/lakelint/lakelint/parsers/document"
)

// maxRenderEdits bounds the line diff that finds the cells in an edited text;
// fixes change a few lines, so a larger difference means the text is not an
// edit of this notebook.
const maxRenderEdits = 2000

var errCellsLost = errors.New("notebook render: cannot match the edited text to the notebook's cells")

// renderer writes an edited Document.Text back into the notebook's bytes.
type renderer struct {
	src   []byte
	nb    *jupyterFile
	text  []byte // the Text the document was loaded with
	cells []document.Cell
}

// render splices the sources of the cells whose text changed into the
// original file bytes; everything else stays byte for byte.
func (r *renderer) render(text []byte) ([]byte, error) {
	if bytes.Equal(text, r.text) {
		return bytes.Clone(r.src), nil
	}
	var code []int // indexes of the code cells
	for i, c := range r.cells {
		if c.Code {
			code = append(code, i)
		}
	}
	starts, err := r.cellStarts(text, code)
	if err != nil {
		return nil, err
	}
	return r.splice(text, code, starts), nil
}

// renderAt is render for a caller that knows where each code cell starts in
// the edited text (the fixer does: it knows its edits' offsets). Text alone
// cannot say whether a line added at a cell boundary ends one cell or opens
// the next.
func (r *renderer) renderAt(text []byte, starts []int) ([]byte, error) {
	var code []int
	for i, c := range r.cells {
		if c.Code {
			code = append(code, i)
		}
	}
	if len(starts) != len(code) {
		return nil, fmt.Errorf("notebook render: %d cell starts for %d code cells", len(starts), len(code))
	}
	for k, st := range starts {
		if st < 0 || st > len(text) || (k > 0 && st < starts[k-1]) || (k == 0 && st != 0) {
			return nil, errCellsLost
		}
	}
	if len(code) == 0 {
		if len(text) > 0 {
			return nil, errCellsLost
		}
		return bytes.Clone(r.src), nil
	}
	return r.splice(text, code, starts), nil
}

// splice writes the code cells whose text changed into the original bytes.
func (r *renderer) splice(text []byte, code, starts []int) []byte {
	asciiOnly := isASCII(r.src)
	out := make([]byte, 0, len(r.src)+len(text)-len(r.text)+64)
	copied := 0
	for k, i := range code {
		end := len(text)
		if k+1 < len(starts) {
			end = starts[k+1]
		}
		cell, nc := &r.nb.cells[i], text[starts[k]:end]
		old := r.text[r.cells[i].Start:r.cells[i].End]
		if cell.added {
			old = old[:len(old)-1]
			// drop the newline Text added, unless the source then ends with
			// one of its own, which Text would show without an extra one
			if n := len(nc); n > 0 && nc[n-1] == '\n' && (n == 1 || nc[n-2] != '\n') {
				nc = nc[:n-1]
			}
		}
		if bytes.Equal(nc, old) {
			continue
		}
		out = append(out, r.src[copied:cell.source.start]...)
		out = r.appendSource(out, cell, nc, asciiOnly)
		copied = cell.source.end
	}
	return append(out, r.src[copied:]...)
}

// cellStarts finds where each code cell starts in the edited text. Cells
// start at line starts, so a line diff against the loaded text places them;
// lines inserted right at a boundary go to the following cell, as with
// Document.CellAt.
func (r *renderer) cellStarts(text []byte, code []int) ([]int, error) {
	if len(code) == 0 {
		return nil, errCellsLost // the text had no cells to edit
	}
	oldLines, newLines := splitLines(r.text), splitLines(text)
	kept, ok := matchLines(oldLines, newLines, maxRenderEdits)
	if !ok {
		return nil, fmt.Errorf("notebook render: more than %d changed lines", maxRenderEdits)
	}
	// offsets of new lines, and the old line each code cell starts at
	newOff := make([]int, len(newLines)+1)
	for i, l := range newLines {
		newOff[i+1] = newOff[i] + len(l)
	}
	lineOf := make(map[int]int, len(code)) // old text offset -> old line
	for i, off := 0, 0; i < len(oldLines); i++ {
		lineOf[off] = i
		off += len(oldLines[i])
	}
	starts := make([]int, len(code))
	for k := 1; k < len(code); k++ {
		line, ok := lineOf[r.cells[code[k]].Start]
		if !ok {
			return nil, errCellsLost
		}
		b, err := newBoundary(kept, len(newLines), line)
		if err != nil {
			return nil, err
		}
		starts[k] = newOff[b]
		if starts[k] < starts[k-1] {
			return nil, errCellsLost
		}
	}
	return starts, nil
}

// newBoundary maps the boundary before old line l to a new line index, from
// the kept lines around it. Between the last kept line before l and the first
// kept line from l on lies one hunk: old lines [a1, a2) became new [b1, b2).
func newBoundary(kept []int, newLen, l int) (int, error) {
	a1, b1 := 0, 0
	for i := l - 1; i >= 0; i-- {
		if kept[i] >= 0 {
			a1, b1 = i+1, kept[i]+1
			break
		}
	}
	a2, b2 := len(kept), newLen
	for i := l; i < len(kept); i++ {
		if kept[i] >= 0 {
			a2, b2 = i, kept[i]
			break
		}
	}
	switch {
	case l == a1: // the hunk (or a pure insertion) opens the following cell
		return b1, nil
	case l == a2: // the hunk closes the cell before
		return b2, nil
	case a2-a1 == b2-b1: // lines edited one for one across the boundary
		return b1 + l - a1, nil
	}
	return 0, errCellsLost
}

// appendSource appends a cell's new "source" value, written the way the old one was.
func (r *renderer) appendSource(out []byte, c *jupyterCell, source []byte, asciiOnly bool) []byte {
	if !c.list {
		return appendJSONQuote(out, source, asciiOnly)
	}
	lines := splitLines(source)
	if len(lines) == 0 {
		return append(out, "[]"...)
	}
	open, sep, closing := r.listStyle(c)
	out = append(out, '[')
	out = append(out, open...)
	for i, l := range lines {
		if i > 0 {
			out = append(out, sep...)
		}
		out = appendJSONQuote(out, l, asciiOnly)
	}
	out = append(out, closing...)
	return append(out, ']')
}

// listStyle returns the bytes a list source puts after "[", between two
// strings and before "]", copied from the cell's old value or, for an empty
// one, made up from the file's indentation.
func (r *renderer) listStyle(c *jupyterCell) (open, sep, closing []byte) {
	s, p := r.src, r.nb.partsOf(c)
	if len(p) > 0 {
		open = s[c.source.start+1 : p[0].start]
		closing = s[p[len(p)-1].end : c.source.end-1]
		if len(p) > 1 {
			sep = s[p[0].end:p[1].start]
		} else {
			sep = append([]byte{','}, open...)
		}
		return open, sep, closing
	}
	if bytes.IndexByte(s, '\n') < 0 { // minified
		return nil, []byte{','}, nil
	}
	lineStart := bytes.LastIndexByte(s[:c.source.start], '\n') + 1
	indent := s[lineStart:lineStart]
	for i := lineStart; i < len(s) && (s[i] == ' ' || s[i] == '\t'); i++ {
		indent = s[lineStart : i+1]
	}
	eol := LineEnding(s)
	closing = append([]byte(eol), indent...)
	open = append(append([]byte(nil), closing...), indentUnit(s)...)
	return open, append([]byte{','}, open...), closing
}

// indentUnit is the indentation of the notebook's top-level keys.
func indentUnit(s []byte) []byte {
	i := bytes.IndexByte(s, '\n') + 1
	if i == 0 {
		return nil
	}
	j := i
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	return s[i:j]
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}
