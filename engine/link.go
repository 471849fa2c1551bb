package engine

import (
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/extract/link"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/rules/rule"
)

// link runs the project link step: the facts that calls of the project's
// own functions add go to their files and to the catalog, before rules run.
func (l *Linter) link(units []*unit, links *link.Builder, tables *catalog.Builder) {
	res := links.Link()
	if len(res) == 0 {
		return
	}
	for _, u := range units {
		if u == nil || !u.linted {
			continue
		}
		e := res.For(u.src.Path)
		if e == nil {
			continue
		}
		u.extra = e
		tables.Add(&facts.File{Path: u.src.Path, Format: 0, Writes: e.Writes, Reads: e.Reads, Tables: e.Tables, Maintenance: e.Maintenance})
	}
}

type diagKey struct {
	code       string
	start, end token.Pos
	msg        string
}

// keep reports whether a diagnostic is reported: not twice (a helper's
// fact and its application in the same file can say the same), and not at
// a call where it stands for a helper's code in another file (reported
// there), nor with a fix that would edit such a place.
func (l *Linter) keep(u *loaded, r *rule.Rule, d analysis.Diagnostic, seen map[diagKey]bool) bool {
	k := diagKey{r.Doc.Code, d.Pos, d.End, d.Message}
	if seen[k] {
		return false
	}
	seen[k] = true
	if u.extra == nil || len(u.extra.Borrowed) == 0 {
		return true
	}
	span := func(p, e token.Pos) facts.Span {
		if !e.IsValid() {
			e = p
		}
		return facts.Span{Start: u.tok.Offset(p), End: u.tok.Offset(e)}
	}
	if u.extra.Borrows(span(d.Pos, d.End)) {
		return false
	}
	for _, f := range d.SuggestedFixes {
		for _, e := range f.TextEdits {
			for _, b := range u.extra.Borrowed {
				s := span(e.Pos, e.End)
				if s.Start < b.End && b.Start < s.End || s.Start == b.Start {
					return false
				}
			}
		}
	}
	return true
}
