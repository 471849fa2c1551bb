package engine

import (
	"bytes"
	"fmt"
	"sort"
	"unicode/utf8"

	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/parsers/document"
)

// positioner turns document offsets into line, column and UTF-16 character.
type positioner struct {
	doc   *document.Document
	lines []int // start offset of each line
}

func newPositioner(doc *document.Document) *positioner {
	lines := make([]int, 1, bytes.Count(doc.Text, []byte("\n"))+1)
	for i, b := range doc.Text {
		if b == '\n' {
			lines = append(lines, i+1)
		}
	}
	return &positioner{doc: doc, lines: lines}
}

var bom = []byte{0xEF, 0xBB, 0xBF}

// position returns the position of off; in a Jupyter notebook, lines count
// from the start of the cell holding off, and cell is its 1-based index.
func (p *positioner) position(off int) (pos finding.Position, cell int) {
	text := p.doc.Text
	off = max(0, min(off, len(text)))
	line := sort.Search(len(p.lines), func(i int) bool { return p.lines[i] > off }) - 1
	start := p.lines[line]
	if line == 0 && bytes.HasPrefix(text, bom) {
		start = min(off, len(bom)) // editors do not count the byte order mark
	}
	col, char := 1, 0
	for s := text[start:off]; len(s) > 0; {
		r, n := utf8.DecodeRune(s)
		s = s[n:]
		col++
		if r >= 0x10000 {
			char += 2
		} else {
			char++
		}
	}
	lineNo := line + 1
	if c := p.doc.CellAt(off); c != nil {
		cell = c.Index
		first := sort.Search(len(p.lines), func(i int) bool { return p.lines[i] > c.Start }) - 1
		lineNo = line - first + 1
	}
	return finding.Position{Offset: off, Line: lineNo, Column: col, Character: char}, cell
}

// place describes an offset for rule messages: "line 7", or "cell 2, line 3".
func (p *positioner) place(off int) string {
	pos, cell := p.position(off)
	if cell > 0 {
		return fmt.Sprintf("cell %d, line %d", cell, pos.Line)
	}
	return fmt.Sprintf("line %d", pos.Line)
}
