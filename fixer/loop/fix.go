// Package loop is lakelint's fix run: it applies the fixes of a lint's
// findings, re-lints, withdraws a fix whose finding is still reported, and
// goes on until nothing more can be fixed (Fix); it adds noqa comments the
// same way (AddNoqa). Every fix is verified before it is kept (verify.go):
// no edit splits a token or lands in SQL that does not parse, and the fixed
// file loads and parses no worse than before. Vet runs the same checks for
// the fixes a check offers, so that check, --diff and --fix agree.
//
// The loop does not know the linter: the caller hands it a Linter, whose
// Lint it calls after every pass. Package fixer below it applies edits.
package loop

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"slices"
	"sort"

	"github.com/lakelint/lakelint/extract"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/fixer"
	"github.com/lakelint/lakelint/parsers"
	"github.com/lakelint/lakelint/parsers/document"
)

// maxFixPasses bounds the lint-fix loop; fixes normally converge in two.
const maxFixPasses = 10

// Source is one file of a fix run: its path and its bytes (nil: on disk).
type Source struct {
	Path string
	Data []byte
}

// Note is something the user should know about a fix run.
type Note struct {
	Path, Message string
}

// Change is one file the fixer changed.
type Change struct {
	Path     string
	Old, New []byte
	Fixed    int // findings fixed
	// Codes counts the findings fixed by rule code.
	Codes map[string]int
	// Edits are the edits applied, pass by pass, each pass in the document
	// text the pass started from (parsers.Load(Path, Old).Text for the first).
	Edits [][]fixer.Edit
}

// Result is the outcome of a fix run: what changed, and the notes the run
// adds to its last lint's.
type Result struct {
	Changes []Change
	Notes   []Note
}

// Linter is what a fix run needs of the linter, which the caller supplies:
// the loop re-lints after every pass.
type Linter struct {
	// Lint lints the sources as one project and returns their findings,
	// sorted by path (and then as the linter reports them).
	Lint func(ctx context.Context, srcs []Source) ([]finding.Finding, error)
	// Read reads and parses a source; a non-empty note says why it cannot.
	Read func(Source) (*document.Document, string)
	// Texts, when set, gives the next lints the bytes of files that are
	// no sources (a dbt project's YAML) as fixes have edited them, by
	// absolute path; without it such fixes cannot be verified and are
	// not applied.
	Texts func(map[string][]byte)
}

// Fix lints the sources with l and applies their fixes (unsafe ones too
// when unsafe is set) until nothing more can be fixed. Sources are read
// already (their Data set, where they could be read); their Data is left
// as fixed. Files are not written: the caller writes Changes, or prints
// them as a diff.
//
// The findings of the first check are fixed, and so are those that appear
// only after other fixes (a property added in one file switches a rule on
// in another) when the run may apply their fix: what a fix brings about is
// fixed in the same run, so that a second run changes nothing. Those are
// noted, since the check did not show them; the ones the run may not fix
// are reported in Remaining and a note. Every fix is verified before it is
// kept (see applyToSource), and a fix whose re-lint still reports the
// finding it was meant to remove is withdrawn with a note and never tried
// again, so a run never repeats an insertion.
func Fix(ctx context.Context, srcs []Source, l Linter, unsafe bool) (*Result, error) {
	found, err := l.Lint(ctx, srcs) // the last lint's findings
	if err != nil {
		return nil, err
	}
	first := found
	idx := map[string]int{}
	for i := range srcs {
		idx[srcs[i].Path] = i
	}
	files := map[string]*fixFile{}
	fileOf := func(path string) *fixFile {
		ff := files[path]
		if ff == nil {
			ff = &fixFile{}
			files[path] = ff
		}
		return ff
	}
	var notes []Note
	for i := range first {
		f := &first[i]
		if !applicable(*f, unsafe) {
			if f.NoFix != "" {
				notes = append(notes, Note{Path: f.Path, Message: fmt.Sprintf("%s fix at line %d not offered: %s", f.Code, f.Start.Line, f.NoFix)})
			}
			continue
		}
		if crossFile(f, unsafe) != nil {
			continue // after the others (crossfile.go)
		}
		if _, ok := idx[f.Path]; ok {
			ff := fileOf(f.Path)
			ff.pending = append(ff.pending, f)
			ff.taken = append(ff.taken, f)
		}
	}
	for pass := 0; pass < maxFixPasses; pass++ {
		changed := map[string]bool{}
		for path, ff := range files {
			if len(ff.pending) == 0 {
				continue
			}
			i := idx[path]
			// the current findings that are the first check's, still there
			var fs []finding.Finding
			var targets []*finding.Finding
			cur := indexAt(currentFindings(found, path))
			var still []*finding.Finding
			for _, t := range ff.pending {
				c := ff.match(t, cur)
				if c != nil {
					switch {
					case applicable(*c, unsafe) && crossFile(c, unsafe) == nil:
						fs = append(fs, *c)
						targets = append(targets, t)
						still = append(still, t)
					case c.NoFix != "":
						// the fixes applied so far leave this one no longer fit
						notes = append(notes, Note{Path: path, Message: fmt.Sprintf("%s fix at line %d not applied: %s", t.Code, t.Start.Line, c.NoFix)})
					}
				}
				if c == nil && len(ff.edits) > 0 {
					ff.count(t) // no longer reported: fixed along with another
				}
			}
			ff.pending = still
			if len(fs) == 0 {
				continue
			}
			data, applied, edits, err := applyToSource(l.Read, srcs[i], fs, unsafe)
			if err != nil {
				bad := isolate(l.Read, srcs[i], fs, unsafe)
				var dropped []*finding.Finding
				for _, k := range bad {
					notes = append(notes, Note{Path: path, Message: fmt.Sprintf("%s fix at line %d not applied: %v", fs[k].Code, fs[k].Start.Line, err)})
					dropped = append(dropped, targets[k])
				}
				ff.drop(dropped)
				if len(bad) < len(fs) {
					changed[path] = true // the others are tried again next pass
				}
				continue
			}
			if len(applied) == 0 || bytes.Equal(data, currentData(srcs[i])) {
				continue
			}
			if ff.original == nil {
				ff.original = currentData(srcs[i])
			}
			ff.prev = currentData(srcs[i])
			ff.passEdits = edits
			ff.passTargets = nil
			for _, k := range applied {
				ff.passTargets = append(ff.passTargets, targets[k])
			}
			ff.keep(edits)
			srcs[i].Data = data
			changed[path] = true
		}
		if len(changed) == 0 {
			break
		}
		if found, err = l.Lint(ctx, srcs); err != nil {
			return nil, err
		}
		// withdraw the fixes whose finding is still reported
		reverted := false
		for path, ff := range files {
			if ff.passTargets == nil {
				continue
			}
			cur := indexAt(currentFindings(found, path))
			var kept []*finding.Finding
			var withdrawn []*finding.Finding
			for _, t := range ff.passTargets {
				if ff.match(t, cur) != nil {
					withdrawn = append(withdrawn, t)
				} else {
					kept = append(kept, t)
				}
			}
			if len(withdrawn) > 0 {
				i := idx[path]
				srcs[i].Data = ff.prev
				ff.unkeep()
				for _, t := range withdrawn {
					notes = append(notes, Note{Path: path, Message: fmt.Sprintf("%s fix at line %d withdrawn: after it, lakelint still reports the finding", t.Code, t.Start.Line)})
				}
				ff.drop(withdrawn)
				reverted = true
			} else {
				ff.drop(kept)
				for _, t := range kept {
					ff.count(t)
				}
			}
			ff.passTargets = nil
		}
		if reverted {
			if found, err = l.Lint(ctx, srcs); err != nil {
				return nil, err
			}
		}
		// findings the fixes brought about, or made fixable, are fixed in
		// the next passes: each file's known ones are found once a pass
		var known map[findingAt]bool
		for i := range found {
			f := &found[i]
			if i == 0 || f.Path != found[i-1].Path {
				known = nil
			}
			if _, ok := idx[f.Path]; !ok || !applicable(*f, unsafe) || crossFile(f, unsafe) != nil {
				continue
			}
			ff := fileOf(f.Path)
			if known == nil {
				known = ff.known()
			}
			if at := (findingAt{f.Code, f.Start.Offset}); !known[at] {
				known[at] = true
				ff.take(f)
			}
		}
	}
	cross := newCrossRun(l, srcs, idx, unsafe)
	if found, err = cross.run(ctx, found); err != nil {
		return nil, err
	}
	out := &Result{Notes: append(notes, cross.notes...)}
	for _, s := range srcs {
		ff := files[s.Path]
		if ff == nil {
			ff = &fixFile{}
		}
		if len(ff.pending) > 0 {
			out.Notes = append(out.Notes, Note{Path: s.Path, Message: fmt.Sprintf("%d fix(es) did not settle in %d passes and were not applied", len(ff.pending), maxFixPasses)})
		}
		original := ff.original
		if original == nil {
			original = cross.origin[s.Path]
		}
		if original != nil && !bytes.Equal(original, s.Data) {
			ch := Change{Path: s.Path, Old: original, New: s.Data, Fixed: ff.fixed + cross.fixed[s.Path], Codes: ff.codes, Edits: ff.edits}
			for code, n := range cross.codes[s.Path] {
				if ch.Codes == nil {
					ch.Codes = map[string]int{}
				}
				ch.Codes[code] += n
			}
			out.Changes = append(out.Changes, ch)
		}
	}
	out.Changes = append(out.Changes, cross.changes()...)
	// findings the first check did not report, and this run could not fix, are shown
	newByPath := map[string]int{}
	reported := map[string]map[findingAt]bool{} // by path, made once each
	for i := range found {
		f := &found[i]
		at, ok := reported[f.Path]
		if !ok {
			ff := files[f.Path]
			if ff == nil {
				ff = &fixFile{} // unchanged: offsets map to themselves
			}
			at = ff.reportedAt(currentFindings(first, f.Path))
			reported[f.Path] = at
		}
		if !at[findingAt{f.Code, f.Start.Offset}] {
			newByPath[f.Path]++
		}
	}
	for _, s := range srcs {
		if ff := files[s.Path]; ff != nil && ff.lateFixed > 0 {
			out.Notes = append(out.Notes, Note{Path: s.Path, Message: fmt.Sprintf("%d finding(s) appeared or became fixable only after other fixes and were fixed too", ff.lateFixed)})
		}
		if n := newByPath[s.Path]; n > 0 {
			out.Notes = append(out.Notes, Note{Path: s.Path, Message: fmt.Sprintf("%d finding(s) appeared only after fixing and were not fixed: this run may apply no fix of theirs", n)})
		}
	}
	return out, nil
}

// fixFile is one file's state in a fix run.
type fixFile struct {
	pending  []*finding.Finding // findings still to fix
	original []byte             // the file before any fix; nil while unchanged
	prev     []byte             // the file before this pass's fixes
	edits    [][]fixer.Edit     // the edits of each kept pass, in that pass's text
	shifts   [][]int            // for each kept pass, its shifts (see shifts)
	fixed    int
	codes    map[string]int

	passEdits   []fixer.Edit
	passTargets []*finding.Finding // applied this pass, to confirm after re-lint

	// taken is every finding the run set out to fix, each taken once (a
	// withdrawn one is not taken again); born says, for one taken after
	// fixes, how many of edits' passes were kept then: its offset is in
	// that text
	taken     []*finding.Finding
	born      map[*finding.Finding]int
	lateFixed int // of those taken after fixes
}

func (ff *fixFile) count(t *finding.Finding) {
	ff.fixed++
	if ff.codes == nil {
		ff.codes = map[string]int{}
	}
	ff.codes[t.Code]++
	if _, late := ff.born[t]; late {
		ff.lateFixed++
	}
}

// findingAt is a finding's code and offset in the current text.
type findingAt struct {
	code string
	off  int
}

// known is where the findings taken so far are in the current text.
func (ff *fixFile) known() map[findingAt]bool {
	m := make(map[findingAt]bool, len(ff.taken))
	for _, t := range ff.taken {
		if off := ff.mapFrom(ff.born[t], t.Start.Offset); off >= 0 {
			m[findingAt{t.Code, off}] = true
		}
	}
	return m
}

// take makes f, a current finding the run has not taken, one to fix. f is
// copied: the findings of a lint do not outlive the next.
func (ff *fixFile) take(f *finding.Finding) {
	t := new(finding.Finding)
	*t = *f
	if ff.born == nil {
		ff.born = map[*finding.Finding]int{}
	}
	ff.born[t] = len(ff.edits)
	ff.taken = append(ff.taken, t)
	ff.pending = append(ff.pending, t)
}

// drop takes ts off the findings still to fix, all at once.
func (ff *fixFile) drop(ts []*finding.Finding) {
	if len(ts) == 0 {
		return
	}
	gone := make(map[*finding.Finding]bool, len(ts))
	for _, t := range ts {
		gone[t] = true
	}
	ff.pending = slices.DeleteFunc(ff.pending, func(p *finding.Finding) bool { return gone[p] })
}

// keep adds a pass's edits, sorted by start, to the kept ones.
func (ff *fixFile) keep(edits []fixer.Edit) {
	ff.edits = append(ff.edits, edits)
	ff.shifts = append(ff.shifts, shifts(edits))
}

// unkeep takes back the last pass kept.
func (ff *fixFile) unkeep() {
	ff.edits = ff.edits[:len(ff.edits)-1]
	ff.shifts = ff.shifts[:len(ff.shifts)-1]
}

// shifts returns how far the edits of a pass move the text after them:
// cum[k] for the first k edits. Offsets are then followed through the pass
// by a binary search, so a run with many fixes stays linear-ish. nil when
// the edits are not in order, each ending before the next starts (which the
// fixer's choice guarantees): the pass is then followed edit by edit.
func shifts(edits []fixer.Edit) []int {
	cum := make([]int, len(edits)+1)
	for k, e := range edits {
		if e.End < e.Start || k > 0 && e.Start < edits[k-1].End {
			return nil
		}
		cum[k+1] = cum[k] + len(e.New) - (e.End - e.Start)
	}
	return cum
}

// mapOffset follows an offset of the original text through the kept edits;
// -1 when an edit removed or rewrote it.
func (ff *fixFile) mapOffset(off int) int { return ff.mapFrom(0, off) }

// mapFrom follows an offset of the text after the first kept passes
// through the passes after them.
func (ff *fixFile) mapFrom(first, off int) int {
	for p := min(first, len(ff.edits)); p < len(ff.edits); p++ {
		if off = mapThrough(ff.edits[p], ff.shifts[p], off); off < 0 {
			return -1
		}
	}
	return off
}

// mapThrough follows an offset through one pass's edits, with their shifts
// when the pass has them. An insertion at the offset moves it past what is
// inserted; an edit that replaces the text at it gives -1.
func mapThrough(pass []fixer.Edit, cum []int, off int) int {
	if cum == nil {
		delta := 0
		for _, e := range pass {
			switch {
			case off < e.Start:
			case e.Start == e.End && off == e.Start:
				delta += len(e.New)
			case off < e.End:
				return -1
			default:
				delta += len(e.New) - (e.End - e.Start)
			}
		}
		return off + delta
	}
	k := sort.Search(len(pass), func(i int) bool { return pass[i].Start > off }) // the edits starting at off or before
	if k > 0 && off < pass[k-1].End {
		return -1
	}
	return off + cum[k]
}

// indexAt indexes a file's current findings by code and offset: the first
// of each, as a scan in order finds.
func indexAt(cur []finding.Finding) map[findingAt]*finding.Finding {
	m := make(map[findingAt]*finding.Finding, len(cur))
	for i := range cur {
		at := findingAt{cur[i].Code, cur[i].Start.Offset}
		if _, ok := m[at]; !ok {
			m[at] = &cur[i]
		}
	}
	return m
}

// match returns the current finding that is t, a finding to fix: the same
// code at the same place, followed through the edits.
func (ff *fixFile) match(t *finding.Finding, cur map[findingAt]*finding.Finding) *finding.Finding {
	off := ff.mapFrom(ff.born[t], t.Start.Offset) // born: 0 for the first check's
	if off < 0 {
		return nil
	}
	return cur[findingAt{t.Code, off}]
}

// reportedAt is where the first check's findings of the file are in the
// current text: a current finding found there is one of them.
func (ff *fixFile) reportedAt(first []finding.Finding) map[findingAt]bool {
	m := make(map[findingAt]bool, len(first))
	for i := range first {
		m[findingAt{first[i].Code, ff.mapOffset(first[i].Start.Offset)}] = true
	}
	return m
}

// currentFindings returns the findings of one file from a sorted list.
func currentFindings(all []finding.Finding, path string) []finding.Finding {
	i := sort.Search(len(all), func(i int) bool { return all[i].Path >= path })
	j := i
	for j < len(all) && all[j].Path == path {
		j++
	}
	return all[i:j]
}

// isolate returns the fixes (indexes into fs) that fail verification on
// their own, so one bad fix does not hold back the others; all of them when
// they only fail together.
func isolate(read func(Source) (*document.Document, string), s Source, fs []finding.Finding, unsafe bool) []int {
	var bad []int
	if len(fs) > 1 {
		for k := range fs {
			if _, _, _, err := applyToSource(read, s, fs[k:k+1], unsafe); err != nil {
				bad = append(bad, k)
			}
		}
	}
	if len(bad) == 0 {
		for k := range fs {
			bad = append(bad, k)
		}
	}
	return bad
}

func applicable(f finding.Finding, unsafe bool) bool {
	return f.HasFix(finding.Safe) || (unsafe && f.HasFix(finding.Unsafe))
}

func currentData(s Source) []byte {
	if s.Data != nil {
		return s.Data
	}
	data, _ := os.ReadFile(s.Path)
	return data
}

// applyToSource applies the findings' fixes to one file and verifies the
// result: no edit splits a token or a name or lands in SQL that does not
// parse strictly, the file still loads and parses no worse than before, and
// its SQL parses strictly wherever the original did. It returns the new file
// bytes, the indexes of the findings whose fix was applied (a fix that
// overlaps an earlier one waits for the next pass) and the edits applied.
func applyToSource(read func(Source) (*document.Document, string), s Source, fs []finding.Finding, unsafe bool) ([]byte, []int, []fixer.Edit, error) {
	before, note := read(s)
	if note != "" {
		return nil, nil, nil, fmt.Errorf("%s", note)
	}
	var fixes []fixer.Fix
	for i, f := range fs {
		for _, fx := range f.Fixes {
			if fx.Applicability == finding.Unsafe && !unsafe {
				continue
			}
			var edits []fixer.Edit
			for _, e := range fx.Edits {
				edits = append(edits, fixer.Edit{Start: e.Start.Offset, End: e.End.Offset, New: e.NewText})
			}
			fixes = append(fixes, fixer.Fix{ID: i, Edits: edits})
			break // one fix per finding
		}
	}
	return (&verifier{doc: before}).apply(fixes)
}

// verifier applies fixes to one document and verifies the result; what it
// learns of the original is kept for the next fix.
type verifier struct {
	doc        *document.Document
	view       *sqlView
	syntaxErrs int
	quick      *quickVet // check's shortcut for edits inside SQL (see quickvet.go); nil in fix runs
}

func (v *verifier) apply(fixes []fixer.Fix) ([]byte, []int, []fixer.Edit, error) {
	before := v.doc
	r := fixer.Apply(before.Text, fixes)
	if len(r.Applied) == 0 {
		return nil, nil, nil, nil
	}
	applied := map[int]bool{}
	for _, id := range r.Applied {
		applied[id] = true
	}
	var edits []fixer.Edit
	for _, f := range fixes {
		if applied[f.ID] {
			edits = append(edits, f.Edits...)
		}
	}
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].Start < edits[j].Start })
	if v.view == nil {
		f, regions := extract.FileAndSQL(before)
		v.view, v.syntaxErrs = viewSQL(regions), len(f.SyntaxErrors)
	}
	view := v.view
	if err := checkEditPlaces(before, view, edits); err != nil {
		return nil, nil, nil, err
	}
	data, err := render(before, r, fixes)
	if err != nil {
		return nil, nil, nil, err
	}
	after, err := parsers.Load(before.Path, data)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("the fixed file would not load: %w", err)
	}
	fa, regions := extract.FileAndSQL(after)
	if len(fa.SyntaxErrors) > v.syntaxErrs {
		return nil, nil, nil, fmt.Errorf("the fixed file would not parse; left unchanged")
	}
	if err := checkSQLAfter(view, viewSQL(regions), after.Text); err != nil {
		return nil, nil, nil, err
	}
	return data, r.Applied, edits, nil
}

// render turns the fixed text back into file bytes. A notebook is told
// where its cells now start: the applied edits say so exactly, where the
// text alone could not tell which cell a line added at a boundary joins.
func render(doc *document.Document, r fixer.Result, fixes []fixer.Fix) ([]byte, error) {
	switch {
	case doc.RenderAt != nil:
		applied := map[int]bool{}
		for _, id := range r.Applied {
			applied[id] = true
		}
		var starts []int
		for _, c := range doc.Cells {
			if !c.Code {
				continue
			}
			shift := 0
			for _, f := range fixes {
				if !applied[f.ID] {
					continue
				}
				for _, e := range f.Edits {
					if e.Start < c.Start && e.End > c.Start {
						return nil, fmt.Errorf("a fix spans two notebook cells")
					}
					if e.Start < c.Start {
						shift += len(e.New) - (e.End - e.Start)
					}
				}
			}
			starts = append(starts, c.Start+shift)
		}
		return doc.RenderAt(r.Text, starts)
	case doc.Render != nil:
		return doc.Render(r.Text)
	}
	return r.Text, nil
}
