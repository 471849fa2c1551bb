package engine

import (
	"go/token"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/platform"
	"github.com/lakelint/lakelint/rules/rule"
)

// passKit is what one file's rule pass needs beyond its facts: the
// rules' input and pass, the diagnostics they report and the room those
// take their slices from. A kit serves one file after another: what it
// makes once (the pass's map, the functions rules call back) it keeps.
type passKit struct {
	u       *loaded
	pos     *positioner // read on first use: see positions
	posNote string      // why pos cannot be had
	in      rule.Input
	pass    analysis.Pass
	current *rule.Rule // the rule running
	diags   []diag
	room    rule.Room

	// made once: the kit's methods as the functions Input holds
	place     func(off int) string
	otherFile func(path string) *token.File
	placeIn   func(path string, off int) string
}

var passKits = sync.Pool{New: func() any { return newPassKit() }}

func newPassKit() *passKit {
	k := &passKit{}
	k.pass.ResultOf = map[*analysis.Analyzer]any{rule.InputAnalyzer: &k.in}
	k.pass.Report = k.report
	k.place = k.placeOf
	k.otherFile = func(p string) *token.File { return k.u.other.file(p) }
	k.placeIn = func(p string, off int) string { return k.u.other.place(p, off) }
	return k
}

// run runs the enabled rules over u and returns what they report, valid
// until release; live says whether a table of cat has live stats.
func (k *passKit) run(l *Linter, u *loaded, cat *catalog.Catalog, live bool, plat platform.Choice, sched *rule.Schedule) (diags []diag, notes []Note) {
	k.u = u
	k.in = rule.Input{Facts: u.facts, Catalog: cat, Config: u.cfg, Tok: u.tok,
		Place: k.place, Other: k.otherFile, PlaceIn: k.placeIn, Room: &k.room}
	k.in.NoLiveStats = !live
	k.in.Platform, k.in.PlatformWhy = plat.Platform, plat.Why
	k.in.Schedule = sched
	sel := u.cfg.File(u.src.Path)
	// one pass serves every rule in turn: rules keep nothing of it
	for _, r := range l.rules {
		if !sel.Enabled(r.Doc.Code, !r.Doc.Off) {
			continue
		}
		k.current, k.pass.Analyzer = r, r.Analyzer
		if err := runSafely(r, &k.pass); err != nil {
			notes = append(notes, Note{Path: u.src.Path, Message: err.Error(), Error: true})
		}
	}
	return k.diags, notes
}

func (k *passKit) report(d analysis.Diagnostic) {
	k.diags = append(k.diags, diag{r: k.current, d: d})
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
		doc := un.stored.Doc
		if doc == nil {
			doc, k.posNote = readDocument(un.src, 0)
		}
		if k.posNote == "" {
			k.pos = newPositioner(doc)
		}
	}
	return k.pos
}

// placeOf is Input.Place.
func (k *passKit) placeOf(off int) string {
	if p := k.positions(); p != nil {
		return p.place(off)
	}
	return "line ?"
}

// release readies the kit for the next file, keeping nothing of this one
// (an unusually large buffer is left to the collector).
func (k *passKit) release() {
	k.room.Reset()
	if cap(k.diags) > 4096 {
		k.diags = nil
	} else {
		clear(k.diags) // past its length the buffer is still zero
		k.diags = k.diags[:0]
	}
	k.u, k.pos, k.posNote, k.current = nil, nil, "", nil
	k.in = rule.Input{}
	k.pass.Analyzer = nil
	passKits.Put(k)
}

// anyLive reports whether a table of cat has live stats.
func anyLive(cat *catalog.Catalog) bool {
	if cat == nil {
		return false
	}
	for _, t := range cat.Tables() {
		if t.Live != nil {
			return true
		}
	}
	return false
}
