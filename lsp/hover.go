package lsp

import (
	"encoding/json"
	"os"
	"strings"
	"sync"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/ledger"
	"github.com/lakelint/lakelint/output"
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
// or, in a text document, of the table written, defined or read on the
// cursor's line.
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
	if t == nil && !isCell {
		t = l.WrittenAt(path, p.Position.Line+1)
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
