package engine

import (
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/link"
	"github.com/lakelint/lakelint/rules/rule"
)

// link runs the project link step (package link) and hands each linted
// file what calls of the project's own functions add to it; the catalog
// learns those facts too, before rules run. Every file learns the run's
// others, for the spans that name them.
func (l *Linter) link(units []*unit, links *link.Builder, tables *catalog.Builder) {
	run := newRunFiles(units)
	res := links.Link()
	for _, u := range units {
		if u == nil || !u.linted {
			continue
		}
		u.run = run
		if u.extra = res.For(u.src.Path); u.extra != nil {
			tables.Add(u.extra.Facts(u.src.Path))
		}
	}
}

type diagKey struct {
	code       string
	start, end token.Pos
	msg        string
}

// keep reports whether a diagnostic is reported: not twice (a helper's
// fact and its application in the same file can say the same), and not at
// a place in another file (a helper's code applied at a call: the helper
// reports it itself), nor with a fix that would edit another file.
func (l *Linter) keep(u *loaded, r *rule.Rule, d analysis.Diagnostic, seen *diagSeen) bool {
	if !seen.add(diagKey{r.Doc.Code, d.Pos, d.End, d.Message}) {
		return false
	}
	if u.other.foreign(d.Pos) || u.other.foreign(d.End) {
		return false
	}
	for _, f := range d.SuggestedFixes {
		for _, e := range f.TextEdits {
			if u.other.foreign(e.Pos) || u.other.foreign(e.End) {
				return false
			}
		}
	}
	return true
}
