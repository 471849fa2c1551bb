package engine

import (
	"bytes"
	"go/token"
	"sort"
	"strings"
	"sync"

	"github.com/sourcegraph/conc/pool"
	"golang.org/x/tools/go/analysis"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/link"
	"github.com/lakelint/lakelint/orchestration"
	"github.com/lakelint/lakelint/platform"
	"github.com/lakelint/lakelint/rules/rule"
)

// checkAll is the rule pass: every linted unit is checked, and its findings
// go to Options.Emit in the order of units, or to res.Findings without it.
func (l *Linter) checkAll(units []*unit, store *cache.FactStore, cat *catalog.Catalog, proj *project, record *cache.Run, res *Result) {
	var mu sync.Mutex
	var catDigest [32]byte
	if record != nil {
		catDigest = cache.CatalogDigest(cat)
	}
	emit := l.emitter(units)
	p := pool.New().WithMaxGoroutines(Workers())
	for _, i := range workOrder(len(units)) {
		u := units[i]
		if !u.linted {
			continue
		}
		p.Go(func() {
			fs, notes := l.check(u, store, cat, proj, recorded{record, i, catDigest})
			u.extra, u.spilled = nil, nil // what linking added to the file is in its findings now
			mu.Lock()
			defer mu.Unlock()
			res.Found += len(fs)
			res.Notes = append(res.Notes, notes...)
			if emit != nil {
				emit(i, fs)
			} else {
				res.Findings = append(res.Findings, fs...)
			}
		})
	}
	p.Wait()
}

// emitter returns what hands each file's findings to Options.Emit in path
// order (a bundle's settings files, checked after the sources, among
// them), holding those that finish early; nil without Emit. It is called
// with the run's lock held.
func (l *Linter) emitter(units []*unit) func(i int, fs []finding.Finding) {
	if l.opts.Emit == nil {
		return nil
	}
	order := make([]int, len(units))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return units[order[a]].src.Path < units[order[b]].src.Path })
	waiting := map[int][]finding.Finding{}
	next := 0
	return func(i int, fs []finding.Finding) {
		waiting[i] = fs
		for next < len(order) {
			if u := order[next]; units[u].linted {
				fs, ok := waiting[u]
				if !ok {
					return
				}
				delete(waiting, u)
				if len(fs) > 0 {
					l.opts.Emit(fs)
				}
			}
			next++
		}
	}
}

// diag is a rule's diagnostic waiting to be resolved.
type diag struct {
	r    *rule.Rule
	d    analysis.Diagnostic
	keep bool // reported: not a repeat, not at another file's place
}

// diagSeen is the keys of a file's diagnostics so far: in place while they
// are few, as they are for most files, in a map beyond.
type diagSeen struct {
	few [24]diagKey
	n   int
	set map[diagKey]bool
}

// add reports whether k is new, and keeps it.
func (s *diagSeen) add(k diagKey) bool {
	if s.set == nil {
		for _, x := range s.few[:s.n] {
			if x == k {
				return false
			}
		}
		if s.n < len(s.few) {
			s.few[s.n] = k
			s.n++
			return true
		}
		s.set = make(map[diagKey]bool, 2*len(s.few))
		for _, x := range s.few {
			s.set[x] = true
		}
	}
	if s.set[k] {
		return false
	}
	s.set[k] = true
	return true
}

// own is s as a finding may keep it: never a slice of the file's decoded
// facts, whose strings share one buffer that it would keep alive.
func (u *loaded) own(s string) string { return strings.Clone(s) }

// resolveAll turns a file's diagnostics into its findings: those kept, in
// order, resolved in place (a finding is large), their source lines carved
// from one allocation.
func (l *Linter) resolveAll(u *loaded, diags []diag, pos *positioner) []finding.Finding {
	var seen diagSeen
	n := 0
	for i := range diags {
		d := &diags[i]
		d.keep = l.keep(u, d.r, d.d, &seen)
		if d.keep {
			n++
		}
	}
	out := make([]finding.Finding, n)
	starts := make([]int, 0, n)
	for i := range diags {
		if d := &diags[i]; d.keep {
			starts = append(starts, u.tok.Offset(d.d.Pos))
		}
	}
	subjects := subjectsAt(u.facts, starts) // all at once: one sweep, not a scan per finding
	n = 0
	for i := range diags {
		if d := &diags[i]; d.keep {
			l.resolve(&out[n], u, d.r, d.d, pos)
			out[n].Subject = subjects[n]
			n++
		}
	}
	addSources(out, pos)
	return out
}

// resolve turns a diagnostic into finding f (zero), with positions and
// fixes; its source lines are addSources'.
func (l *Linter) resolve(f *finding.Finding, u *loaded, r *rule.Rule, d analysis.Diagnostic, pos *positioner) {
	start, cell := pos.position(u.tok.Offset(d.Pos))
	end := start
	if d.End.IsValid() {
		end, _ = pos.position(u.tok.Offset(d.End))
	}
	// f is zero: its fields are set one by one, with no finding copied
	f.Path, f.AbsPath = u.src.Path, u.abs()
	f.Code, f.Rule = r.Doc.Code, r.Doc.Name
	f.URL = d.URL // rule.Report sets it
	f.Severity = u.cfg.Severity(r.Doc.Code, r.Doc.Severity)
	f.Message = u.own(d.Message)
	f.Start, f.End, f.Cell = start, end, cell
	l.addFilePlaces(f, d, u, pos)
	if len(d.SuggestedFixes) == 0 {
		return
	}
	if _, fixable := u.cfg.FixFor(r.Doc.Code, r.Doc.Fix); !fixable { // fixable, unfixable
		return
	}
	f.Fixes = make([]finding.Fix, 0, len(d.SuggestedFixes))
	for _, sf := range d.SuggestedFixes {
		title, own := rule.FixOf(sf, r.Doc) // each fix's own applicability
		if own == rule.NoFix {
			f.NoFix = u.own(title)
			continue
		}
		app, _ := u.cfg.FixFor(r.Doc.Code, own) // extend-(un)safe-fixes
		fx := finding.Fix{Title: u.own(title), Applicability: app}
		if len(sf.TextEdits) > 0 {
			fx.Edits = make([]finding.Edit, 0, len(sf.TextEdits))
		}
		placed := true
		for _, e := range sf.TextEdits {
			ed, ok := editAt(u, e, pos)
			placed = placed && ok
			fx.Edits = append(fx.Edits, ed)
		}
		if !placed {
			f.NoFix = "its edit is in a file lakelint cannot read again"
			continue
		}
		f.Fixes = append(f.Fixes, fx)
	}
	if len(f.Fixes) == 0 {
		f.Fixes = nil // only an Unfixable's reason
	}
}

// link runs the project link step (package link) and hands each linted
// file what calls of the project's own functions add to it; the catalog
// learns those facts too, before rules run. Every file learns the run's
// others, for the spans that name them.
//
// Unless the builders outlive the run, what linking adds to a file waits
// for the rule pass encoded in the fact store (spilled to disk with the
// rest), put there as the link step makes it (link.Builder.LinkEach):
// decoded, every file's additions, and the summaries their strings are cut
// from, would stay in memory through the link step, the catalog and the
// rule pass. digests says the run record needs their digests.
func (l *Linter) link(units []*unit, bs *builders, store *cache.FactStore, digests bool) {
	run := newRunFiles(units)
	addSummaries(units, bs, store)
	if bs.kept {
		res := bs.links.Link()
		for _, u := range units {
			if u != nil && u.linted {
				u.extra = res.For(u.src.Path)
			}
		}
	} else {
		byPath := make(map[string][]*unit, len(units))
		for _, u := range units {
			if u != nil && u.linted {
				k := link.Key(u.src.Path)
				byPath[k] = append(byPath[k], u)
			}
		}
		bs.links.LinkEach(func(p string, e *link.Extra) {
			for _, u := range byPath[p] {
				u.addPart(store, e)
			}
		})
		store.Finish() // the parts are read back below
	}
	for _, u := range units {
		if u != nil && u.linted && bs.links.Broken(u.src.Path) {
			u.notes = append(u.notes, Note{Path: u.src.Path, Message: "internal error: cannot read back the function summary: " + facts.ErrCorrupt.Error(), Error: true})
		}
	}
	if !bs.kept {
		// every file's summary, encoded, and what linking each file read:
		// garbage once linked, unless a later run links again
		bs.links = nil
	}
	for _, u := range units {
		if u == nil || !u.linted {
			continue
		}
		u.run = run
		e, err := u.linked(store)
		if err != nil {
			u.notes = append(u.notes, Note{Path: u.src.Path, Message: "internal error: " + err.Error(), Error: true})
			continue
		}
		bs.addExtra(u.src.Path, e)
		if e != nil && len(e.Settings) > 0 {
			u.linkSigns = ownEvidence(platform.FromSettings(u.src.Path, e.Settings))
		}
		if digests && u.spilled != nil {
			d := e.Digest()
			u.spilled.digest = &d
		}
	}
}

// builders are a run's catalog and link builders, with what each file's
// catalog part was made from. A ContextMemo keeps them from run to run,
// so that a run takes out and adds again only the parts of the files that
// changed, and links again only the files whose inputs changed; a run
// without one (check) starts with new ones and adds every file, by the
// same code.
type builders struct {
	tables *catalog.Builder
	links  *link.Builder
	mu     sync.Mutex
	// from holds, for each file with a part, the facts it was made from
	// when they stay valid between runs (a ContextMemo's), else nil;
	// fresh the files whose part this run made.
	from  map[string]*facts.File
	fresh map[string]bool
	// kept says the builders outlive the run: without, the facts of a
	// file are let go once it is added (memory does not grow with the
	// project).
	kept bool
}

func newBuilders(kept bool) *builders {
	return &builders{tables: &catalog.Builder{Keep: kept}, links: &link.Builder{}, from: map[string]*facts.File{}, fresh: map[string]bool{}, kept: kept}
}

// add makes the part of the file at path from f, and gives the link step
// its summary when withSummary says f holds it (otherwise addSummaries
// does, from its encoding); kept says f stays valid for later runs.
func (bs *builders) add(path string, f *facts.File, withSummary, kept bool) {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	if _, had := bs.from[path]; had {
		if !bs.kept {
			return // a file given twice in one run: the catalog has it once
		}
		bs.tables.Remove(path)
	}
	bs.tables.Add(f)
	if withSummary {
		bs.links.Add(path, f.Summary)
	}
	bs.from[path], bs.fresh[path] = nil, true
	if kept && bs.kept {
		bs.from[path] = f
	}
}

// keep makes the part of the file at path from f unless the builders hold
// one made from f already.
func (bs *builders) keep(path string, f *facts.File) {
	bs.mu.Lock()
	same := f != nil && bs.from[path] == f
	bs.mu.Unlock()
	if !same {
		bs.add(path, f, true, true)
	}
}

// dropUnlinted takes out the part of a file that is not linted.
func (bs *builders) dropUnlinted(u *unit) {
	if !u.linted {
		bs.drop(u.src.Path)
	}
}

func (bs *builders) drop(path string) {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	if _, had := bs.from[path]; had {
		bs.tables.Remove(path)
		bs.links.Remove(path)
		delete(bs.from, path)
	}
}

// retain takes out the parts of files the run does not have (deleted,
// excluded since): the builders hold the run's files and no others.
func (bs *builders) retain(units []*unit) {
	keep := make(map[string]bool, len(units))
	for _, u := range units {
		if u != nil {
			keep[u.src.Path] = true
		}
	}
	var gone []string
	bs.mu.Lock()
	for p := range bs.from {
		if !keep[p] {
			gone = append(gone, p)
		}
	}
	bs.mu.Unlock()
	for _, p := range gone {
		bs.drop(p)
	}
}

// addExtra adds to the catalog what linking adds to the file at path. A
// part made before this run, whose Extra the link did not change, holds it
// already; one whose Extra changed is made again from its facts. Only
// builders that outlive runs hold parts made before (and still have links).
func (bs *builders) addExtra(path string, e *link.Extra) {
	if !bs.fresh[path] && bs.kept {
		if !bs.links.Changed(path) {
			return
		}
		f := bs.from[path]
		bs.tables.Remove(path)
		bs.tables.Add(f)
	}
	if e != nil {
		bs.tables.Add(e.Facts(path))
	}
}

// addSummaries gives links the units' summaries, as encoded while files
// loaded (or where store holds them): the link step decodes each when it
// needs it and lets it go after, so that the run never holds them all
// decoded. A file taken from the cache learns from its summary whether it
// may declare DAGs (it is then parsed from disk with the others).
func addSummaries(units []*unit, bs *builders, store *cache.FactStore) {
	for _, u := range units {
		if u != nil && u.storedSummary != nil {
			at := u.storedSummary
			bs.links.AddStored(u.src.Path, func() ([]byte, error) { return store.Bytes(at) })
			u.storedSummary = nil
			continue
		}
		if u == nil || u.summary == nil {
			continue
		}
		bs.links.AddEncoded(u.src.Path, u.summary)
		if u.cached {
			u.dagUnread = mayCallAirflow(u.summary)
		}
		u.summary = nil
	}
}

// storeSummary puts the file's summary in the fact store, with its facts,
// when the builders do not outlive the run: held in memory, every file's
// would wait through loading and linking (45 MB at 80 MB of source, a
// fifth of the peak), and the link step decodes each about once. A file
// taken from the cache learns now whether it may declare DAGs.
func (u *unit) storeSummary(store *cache.FactStore, bs *builders) {
	if store == nil || bs.kept || u.summary == nil || facts.NoSummary(u.summary) {
		return
	}
	if u.cached {
		u.dagUnread = mayCallAirflow(u.summary)
	}
	u.storedSummary, u.summary = store.PutEncoded(u.summary), nil
}

// mayCallAirflow reports whether the summary encoded in enc calls Airflow
// (orchestration.CallsAirflow). Strings are encoded as they are, so one
// whose encoding does not hold "airflow." does not, and is not decoded.
func mayCallAirflow(enc []byte) bool {
	if !bytes.Contains(enc, []byte("airflow.")) {
		return false
	}
	s, err := facts.UnmarshalSummary(enc)
	return err == nil && orchestration.CallsAirflow(s)
}

type diagKey struct {
	code       string
	start, end token.Pos
	msg        string
}

// keep reports whether a diagnostic is reported: not twice (a helper's
// fact and its application in the same file can say the same), and not at
// a place in another file (a helper's code applied at a call: the helper
// reports it itself), nor with a fix that would edit another file the run
// cannot place an edit in.
func (l *Linter) keep(u *loaded, r *rule.Rule, d analysis.Diagnostic, seen *diagSeen) bool {
	if !seen.add(diagKey{r.Doc.Code, d.Pos, d.End, d.Message}) {
		return false
	}
	if u.other.foreign(d.Pos) || u.other.foreign(d.End) {
		return false
	}
	for _, f := range d.SuggestedFixes {
		for _, e := range f.TextEdits {
			if (u.other.foreign(e.Pos) || u.other.foreign(e.End)) && u.other.editable(e.Pos, e.End) == nil {
				return false
			}
		}
	}
	return true
}

// editAt resolves a fix's edit, in the finding's file or in another file
// of the run (a dbt model's YAML); ok is false when that file cannot be read.
func editAt(u *loaded, e analysis.TextEdit, pos *positioner) (finding.Edit, bool) {
	ed := finding.Edit{NewText: string(e.NewText)}
	tf := u.tok
	if u.other.foreign(e.Pos) || u.other.foreign(e.End) {
		o := u.other.editable(e.Pos, e.End)
		if o == nil {
			return ed, false
		}
		if pos = o.cite(); pos == nil {
			return ed, false
		}
		tf = o.tok
		ed.Path, ed.AbsPath = o.unit.src.Path, o.absPath()
	}
	ed.Start, _ = pos.position(tf.Offset(e.Pos))
	ed.End, _ = pos.position(tf.Offset(e.End))
	return ed, true
}

// spilledExtra is what linking added to a file while it waits for the
// rule pass: its facts in the run's fact store, in the parts the link step
// handed out (see link.Builder.LinkEach), its fills (few, and not facts of
// a file), and its digest when the run record needs it.
type spilledExtra struct {
	parts  []*cache.Stored
	fills  []link.Fill
	digest *[32]byte
}

// addPart adds part e of what linking adds to u: to the store u's facts
// are in, or to u.extra when they are in none.
func (u *unit) addPart(store *cache.FactStore, e *link.Extra) {
	if u.stored == nil {
		u.extra = joinExtra(u.extra, e)
		return
	}
	if u.spilled == nil {
		u.spilled = &spilledExtra{}
	}
	sp := u.spilled
	sp.parts = append(sp.parts, store.Put(e.Facts(u.src.Path)))
	sp.fills = append(sp.fills, e.Fills...)
}

// joinExtra is part b of a file's additions after part a (nil when none).
func joinExtra(a, b *link.Extra) *link.Extra {
	if a == nil {
		return b
	}
	return &link.Extra{Writes: append(a.Writes, b.Writes...), Reads: append(a.Reads, b.Reads...), Tables: append(a.Tables, b.Tables...),
		Settings: append(a.Settings, b.Settings...), Maintenance: append(a.Maintenance, b.Maintenance...), Fills: append(a.Fills, b.Fills...)}
}

// linked is what linking added to u's facts, read back from the store
// when it was spilled; nil when nothing.
func (u *unit) linked(store *cache.FactStore) (*link.Extra, error) {
	sp := u.spilled
	if sp == nil {
		return u.extra, nil
	}
	var e *link.Extra
	for _, st := range sp.parts {
		f, err := store.Get(st)
		if err != nil {
			return nil, err
		}
		e = joinExtra(e, &link.Extra{Writes: f.Writes, Reads: f.Reads, Tables: f.Tables, Settings: f.Settings, Maintenance: f.Maintenance})
	}
	e.Fills = sp.fills
	return e, nil
}

// extraDigest is the digest of what linking added to u's facts, nil when
// nothing (see cache.Run.CheckKey).
func (u *unit) extraDigest() *[32]byte {
	switch {
	case u.spilled != nil:
		return u.spilled.digest
	case u.extra != nil:
		d := u.extra.Digest()
		return &d
	}
	return nil
}

// ownEvidence is evs with strings of their own: a setting's key and value
// may be cut from another file's summary, which they would keep alive.
func ownEvidence(evs []platform.Evidence) []platform.Evidence {
	for i := range evs {
		e := &evs[i]
		e.What, e.Registers, e.Class = strings.Clone(e.What), strings.Clone(e.Registers), strings.Clone(e.Class)
	}
	return evs
}
