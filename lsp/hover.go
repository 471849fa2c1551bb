package lsp

import (
	"bytes"
	"encoding/json"
	"os"
	"sort"
	"strings"
	"sync"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/ledger"
	"github.com/lakelint/lakelint/output"
	"github.com/lakelint/lakelint/parsers"
)

// projectTables is what the last lint of a project knew of its tables: the
// catalog, the findings and the buffers linted. The ledger is made from
// them on the first hover, not on every keystroke.
type projectTables struct {
	cat      *catalog.Catalog
	findings []finding.Finding
	texts    map[string][]byte // the linted buffers, by path

	once   sync.Once
	ledger *ledger.Ledger
}

func (pt *projectTables) get() *ledger.Ledger {
	pt.once.Do(func() {
		pt.ledger = ledger.BuildFrom(pt.cat, pt.findings, func(path string) ([]byte, error) {
			if data, ok := pt.texts[path]; ok {
				return data, nil
			}
			return os.ReadFile(path)
		})
	})
	return pt.ledger
}

// keepTables records what a lint of the documents learnt of their tables.
// A run replayed from the cache makes no catalog: what was kept stays.
func (s *Server) keepTables(cat *catalog.Catalog, res *engine.Result, srcs []engine.Source) {
	if cat == nil {
		return
	}
	pt := &projectTables{cat: cat, findings: res.Findings, texts: make(map[string][]byte, len(srcs))}
	for _, src := range srcs {
		pt.texts[src.Path] = src.Data
	}
	s.tablesMu.Lock()
	defer s.tablesMu.Unlock()
	if s.tables == nil {
		s.tables = map[string]*projectTables{}
	}
	for _, src := range srcs {
		s.tables[src.Path] = pt
	}
}

// hover shows the ledger line of the table a name under the cursor names,
// or of the table written, defined or read on the cursor's line: a line of
// a file, or of a notebook's cell, whether the notebook is open as a
// notebook or its .ipynb as text.
func (s *Server) hover(params json.RawMessage) (any, error) {
	var p hoverParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	path, text, isCell, ok := s.docs.textOf(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	s.tablesMu.Lock()
	pt := s.tables[path]
	s.tablesMu.Unlock()
	if pt == nil {
		return nil, nil
	}
	l := pt.get()
	off := offsetOf(text, p.Position)
	start, end := nameAround(text, off)
	t := l.Named(text[start:end])
	if t == nil {
		cell, line := s.lineOf(p.TextDocument.URI, path, text, isCell, off, p.Position.Line)
		t = l.WrittenAt(path, cell, line)
		start, end = off, off
	}
	if t == nil {
		return nil, nil
	}
	h := hoverResult{Contents: markupContent{Kind: "markdown", Value: "```text\n" + t.Text() + "```"}}
	if end > start {
		h.Range = &output.LSPRange{Start: positionOf(text, start), End: positionOf(text, end)}
	}
	return h, nil
}

// lineOf is where the ledger places a hover's line: the 1-based cell
// (0 outside notebooks) and the line in it. A cell's own line counts the
// %%sql line its notebook gained when written out (notebookFile); in an
// .ipynb open as text, the JSON offset off is the code's place the JSON
// holds there.
func (s *Server) lineOf(uri, path, text string, isCell bool, off, line int) (cell, lineIn int) {
	if isCell {
		idx, shift := s.docs.cellPlace(uri)
		if idx < 0 {
			return -1, 0
		}
		return idx + 1, line + 1 + shift
	}
	if !isNotebook(path) {
		return 0, line + 1
	}
	doc, err := parsers.Load(path, []byte(text))
	if err != nil || doc.FileOffset == nil {
		return -1, 0
	}
	// the code at off, else the first code after it on its line (off is
	// before a source string's quote): FileOffset only grows
	at := sort.Search(len(doc.Text)+1, func(i int) bool { return doc.FileOffset(i) > off }) - 1
	if at < 0 || strings.Contains(text[doc.FileOffset(at):off], "\n") {
		at++
		if at > len(doc.Text) || strings.Contains(text[off:doc.FileOffset(at)], "\n") {
			return -1, 0 // no code on off's line: a markdown cell's, the JSON around
		}
	}
	c := doc.CellAt(at)
	if c == nil {
		return -1, 0
	}
	return c.Index, bytes.Count(doc.Text[c.Start:at], []byte("\n")) + 1
}

// cellPlace is the 0-based index of a cell among its notebook's cells and
// the lines the notebook written out puts before its text; -1 when the
// cell is not open.
func (ds *documents) cellPlace(uri string) (index, shift int) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if d := ds.cellOf[uri]; d != nil {
		if i := cellIndex(d.cells, uri); i >= 0 {
			if sqlMagicAdded(d.cells[i]) {
				shift = 1
			}
			return i, shift
		}
	}
	return -1, 0
}

// nameAround is the table name or path around off: the run of characters
// that are neither space, quote, bracket nor comma.
func nameAround(text string, off int) (start, end int) {
	stop := func(c byte) bool { return strings.IndexByte(" \t\r\n\"'()[]{},;=", c) >= 0 }
	start, end = off, off
	for start > 0 && !stop(text[start-1]) {
		start--
	}
	for end < len(text) && !stop(text[end]) {
		end++
	}
	return start, end
}
