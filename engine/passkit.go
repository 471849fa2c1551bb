package engine

import (
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"slices"

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
	u    *loaded
	in   rule.Input
	pkg  *types.Package // the file, as go/analysis's package
	pass analysis.Pass  // serves each analyzer in turn: analyzers keep nothing of it
	done []outcome      // each analyzer's, once it has run
	// resultOf are the ResultOf maps made so far, one for each list of
	// Requires: rules mostly require the same few analyzers
	resultOf []resultOf
	current  *rule.Rule // the root running; nil for a prerequisite
	diags    []diag
	notes    []Note
	pos      *positioner // read on first use: see positions
	posNote  string      // why pos cannot be had
	shared   *runFile    // the run's file pos was taken from, if any: see release
}

// outcome is what an analyzer's pass over the file gave.
type outcome struct {
	a      *analysis.Analyzer
	result any
	err    error // its own, or errSkipped
}

// resultOf is a ResultOf map and the Requires it holds the results of.
type resultOf struct {
	requires []*analysis.Analyzer
	results  map[*analysis.Analyzer]any
	filled   bool // with this file's results
}

// errSkipped is the outcome of an analyzer whose prerequisite failed: the
// failure is noted once, as the prerequisite's.
var errSkipped = errors.New("a prerequisite failed")

// newPassKit is a kit for u's pass.
func newPassKit(u *loaded, rules int) *passKit {
	k := &passKit{u: u, pkg: types.NewPackage(u.src.Path, ""), done: make([]outcome, 0, rules+4)}
	k.pass.Report, k.pass.ImportPackageFact = k.report, k.importPackageFact
	k.pass.Fset, k.pass.Pkg = u.other.fset, k.pkg
	k.pass.OtherFiles = []string{u.src.Path} // our sources are not Go: Files is empty
	return k
}

// run runs the enabled rules over the file, in their order, and returns
// what they report.
func (k *passKit) run(l *Linter, cat *catalog.Catalog, plat platform.Choice, sched *rule.Schedule) (diags []diag, notes []Note) {
	u := k.u
	k.in = rule.Input{Facts: u.facts, Catalog: cat, Config: u.cfg, Places: k,
		Platform: plat.Platform, PlatformWhy: plat.Why, Plugins: plat.Plugins, Schedule: sched}
	sel := u.cfg.File(u.src.Path)
	for _, r := range l.rules {
		if u.settingsFacts != nil && !r.Doc.SettingsFiles {
			continue // a settings file: only the rules that check settings there
		}
		if sel.Enabled(r.Doc.Code, !r.Doc.Off) {
			k.analyze(r.Analyzer, r)
		}
	}
	return k.diags, k.notes
}

// analyze runs a (once for the file) after what it requires; root is the
// rule whose diagnostics a reports, nil for a prerequisite.
func (k *passKit) analyze(a *analysis.Analyzer, root *rule.Rule) outcome {
	for _, o := range k.done {
		if o.a == a {
			return o
		}
	}
	i := len(k.done)
	k.done = append(k.done, outcome{a: a, err: errSkipped}) // a cycle back to a finds it failed
	for _, req := range a.Requires {
		if k.analyze(req, nil).err != nil {
			return k.done[i]
		}
	}
	k.pass.Analyzer, k.pass.ResultOf, k.current = a, k.resultsFor(a.Requires), root
	result, err := runSafely(a, &k.pass)
	k.pass.Analyzer, k.pass.ResultOf, k.current = nil, nil, nil
	if err != nil {
		k.notes = append(k.notes, Note{Path: k.u.src.Path, Message: err.Error(), Error: true})
	}
	k.done[i].result, k.done[i].err = result, err
	return k.done[i]
}

// resultsFor is the ResultOf map of an analyzer requiring reqs, all of
// which have run.
func (k *passKit) resultsFor(reqs []*analysis.Analyzer) map[*analysis.Analyzer]any {
	i := slices.IndexFunc(k.resultOf, func(r resultOf) bool { return slices.Equal(r.requires, reqs) })
	if i < 0 {
		i = len(k.resultOf)
		k.resultOf = append(k.resultOf, resultOf{requires: reqs, results: make(map[*analysis.Analyzer]any, len(reqs))})
	}
	r := &k.resultOf[i]
	if !r.filled {
		for _, req := range reqs {
			r.results[req] = k.analyze(req, nil).result // done: found, not run again
		}
		r.filled = true
	}
	return r.results
}

// report is Pass.Report: a root's diagnostics are the file's, a
// prerequisite's are not.
func (k *passKit) report(d analysis.Diagnostic) {
	if k.current != nil {
		k.diags = append(k.diags, diag{r: k.current, d: d})
	}
}

// importPackageFact is Pass.ImportPackageFact: the file's input is the
// one fact of its package.
func (k *passKit) importPackageFact(pkg *types.Package, f analysis.Fact) bool {
	in, ok := f.(*rule.Input)
	if !ok || pkg != k.pkg {
		return false
	}
	*in = k.in
	return true
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
			k.shared = rf
			return k.pos
		}
		doc, note := readDocument(un.src, 0)
		if k.posNote = note; note == "" {
			k.pos = newPositioner(doc)
		}
	}
	return k.pos
}

// release lets the file's positions go once its findings are resolved:
// the run keeps them only if another file's findings cite it.
func (k *passKit) release() {
	if k.shared != nil {
		k.shared.release()
	}
	k.pos, k.posNote, k.shared = nil, "", nil
}
