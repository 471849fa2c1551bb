package engine

import (
	"errors"
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/platform"
	"github.com/lakelint/lakelint/rules/rule"
)

// passKit is one file's rule pass, run as go/analysis drivers run
// analyzers over a package: each enabled rule is a root; the analyzers it
// Requires run before it, each once for the file, and their results are
// kept for the rules after it. Only the roots' diagnostics are the file's.
// The file's input reaches the rule.Source analyzer as the package fact of
// the pass's package.
type passKit struct {
	u       *loaded
	in      rule.Input
	pkg     *types.Package // the file, as go/analysis's package
	files   []string       // Pass.OtherFiles: the file's path
	done    map[*analysis.Analyzer]*outcome
	diags   []diag
	notes   []Note
	pos     *positioner // read on first use: see positions
	posNote string      // why pos cannot be had
}

// outcome is what an analyzer's pass over the file gave.
type outcome struct {
	result any
	err    error // its own, or errSkipped
}

// errSkipped is the outcome of an analyzer whose prerequisite failed: the
// failure is noted once, as the prerequisite's.
var errSkipped = errors.New("a prerequisite failed")

func newPassKit(u *loaded) *passKit {
	return &passKit{u: u, pkg: types.NewPackage(u.src.Path, ""), files: []string{u.src.Path},
		done: make(map[*analysis.Analyzer]*outcome, 8)}
}

// run runs the enabled rules over u, in their order, and returns what they
// report.
func (k *passKit) run(l *Linter, cat *catalog.Catalog, plat platform.Choice, sched *rule.Schedule) (diags []diag, notes []Note) {
	u := k.u
	k.in = rule.Input{Facts: u.facts, Catalog: cat, Config: u.cfg, Places: k,
		Platform: plat.Platform, PlatformWhy: plat.Why, Schedule: sched}
	sel := u.cfg.File(u.src.Path)
	for _, r := range l.rules {
		if sel.Enabled(r.Doc.Code, !r.Doc.Off) {
			k.analyze(r.Analyzer, r)
		}
	}
	return k.diags, k.notes
}

// analyze runs a (once for the file) after what it requires; root is the
// rule whose diagnostics a reports, nil for a prerequisite.
func (k *passKit) analyze(a *analysis.Analyzer, root *rule.Rule) *outcome {
	if o := k.done[a]; o != nil {
		return o
	}
	o := &outcome{}
	k.done[a] = o // an analyzer requiring itself, through others, finds it failed
	o.err = errSkipped
	results := make(map[*analysis.Analyzer]any, len(a.Requires))
	for _, req := range a.Requires {
		ro := k.analyze(req, nil)
		if ro.err != nil {
			return o
		}
		results[req] = ro.result
	}
	pass := &analysis.Pass{
		Analyzer:   a,
		Fset:       k.u.other.fset,
		OtherFiles: k.files, // our sources are not Go: Files is empty
		Pkg:        k.pkg,
		ResultOf:   results,
		Report:     func(analysis.Diagnostic) {}, // a prerequisite's diagnostics are not the file's
		ImportPackageFact: func(pkg *types.Package, f analysis.Fact) bool {
			in, ok := f.(*rule.Input)
			if ok && pkg == k.pkg {
				*in = k.in
			}
			return ok && pkg == k.pkg
		},
	}
	if root != nil {
		pass.Report = func(d analysis.Diagnostic) { k.diags = append(k.diags, diag{r: root, d: d}) }
	}
	o.result, o.err = runSafely(a, pass)
	if o.err != nil {
		k.notes = append(k.notes, Note{Path: k.u.src.Path, Message: o.err.Error(), Error: true})
	}
	return o
}

// runSafely runs one analyzer; a panic in it is reported, not fatal.
func runSafely(a *analysis.Analyzer, pass *analysis.Pass) (result any, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error in %s: %v", a.Name, p)
		}
	}()
	return a.Run(pass)
}

// Tok is rule.Places': the run's file the span names, in the run's file set.
func (k *passKit) Tok(id facts.FileID) *token.File { return k.u.other.tok(id) }

// Place is rule.Places': "line 7", "cell 2, line 3", "line 3 of lib/io.py".
func (k *passKit) Place(sp facts.Span) string {
	if sp.File != 0 {
		return k.u.other.place(sp.File.Path(), sp.Start)
	}
	if p := k.positions(); p != nil {
		return p.place(sp.Start)
	}
	return "line ?"
}

// positions are the file's positions; its text is read again only when a
// finding or a message needs one. Nil when it cannot be, and posNote says why.
func (k *passKit) positions() *positioner {
	if k.pos == nil && k.posNote == "" {
		un := k.u.unit
		if rf := un.run.file(un.src.Path); rf != nil && rf.unit == un {
			k.pos, k.posNote = rf.positions() // shared with the files that cite this one
			return k.pos
		}
		doc := un.stored.doc
		if doc == nil {
			doc, k.posNote = readDocument(un.src, 0)
		}
		if k.posNote == "" {
			k.pos = newPositioner(doc)
		}
	}
	return k.pos
}
