package loop

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/fixer"
)

// Fixes that edit another file than their finding's (a dbt model's
// tblproperties set in its project's YAML) are applied once the others
// have settled, a batch a pass: a fix is taken whole, in every file it
// names, or not at all; every file it touches must verify (a source as any
// fix's, a YAML file must parse as YAML), and after the re-lint its finding
// must be gone, else the whole batch is taken back and the fix is not
// tried again. A file that is no source of the run (a project's YAML) is
// read from disk once and handed to the lints through Linter.Texts.

// crossFile returns the fix of f that a run applies when it edits another
// file than f's; nil when that fix (or none) is f's own.
func crossFile(f *finding.Finding, unsafe bool) *finding.Fix {
	fx := chosen(f, unsafe)
	if fx == nil || !fx.Foreign() {
		return nil
	}
	return fx
}

// chosen is the fix of f a run applies: its first applicable one.
func chosen(f *finding.Finding, unsafe bool) *finding.Fix {
	for i := range f.Fixes {
		if fx := &f.Fixes[i]; fx.Applicability == finding.Safe || unsafe && fx.Applicability == finding.Unsafe {
			return fx
		}
	}
	return nil
}

// crossRun is the state of the fixes across files in one fix run.
type crossRun struct {
	l      Linter
	srcs   []Source
	idx    map[string]int // sources by path
	unsafe bool

	texts  map[string]*otherText // files that are no sources, by path as findings name them
	origin map[string][]byte     // sources these fixes changed first, before any fix of theirs
	tried  map[crossKey]bool
	fixed  map[string]int            // findings fixed, by the first file their fix edits
	codes  map[string]map[string]int // the same, by code
	notes  []Note
}

// otherText is a file that is no source of the run, as its fixes leave it.
type otherText struct {
	abs      string
	old, cur []byte
	edits    [][]fixer.Edit
}

// crossKey names a finding across the lints of a run.
type crossKey struct{ path, code, message string }

func keyOf(f *finding.Finding) crossKey { return crossKey{f.Path, f.Code, f.Message} }

func newCrossRun(l Linter, srcs []Source, idx map[string]int, unsafe bool) *crossRun {
	return &crossRun{l: l, srcs: srcs, idx: idx, unsafe: unsafe, texts: map[string]*otherText{},
		origin: map[string][]byte{}, tried: map[crossKey]bool{}, fixed: map[string]int{}, codes: map[string]map[string]int{}}
}

// run applies the fixes across files of found, the last lint's findings,
// and returns the findings of the lint after them.
func (r *crossRun) run(ctx context.Context, found []finding.Finding) ([]finding.Finding, error) {
	for pass := 0; pass < maxFixPasses; pass++ {
		var batch []*finding.Finding
		for i := range found {
			if f := &found[i]; !r.tried[keyOf(f)] && crossFile(f, r.unsafe) != nil {
				batch = append(batch, f)
			}
		}
		if len(batch) == 0 {
			return found, nil
		}
		applied, undo := r.applyBatch(batch)
		if len(applied) == 0 {
			continue // every one refused, with a note each
		}
		after, err := r.lint(ctx)
		if err != nil {
			return nil, err
		}
		var still []*finding.Finding
		for _, f := range applied {
			if reported(after, f) {
				still = append(still, f)
			}
		}
		if len(still) == 0 {
			for _, f := range applied {
				r.count(f)
				r.tried[keyOf(f)] = true
			}
			for _, f := range batch { // no longer reported: fixed along with another
				if !r.tried[keyOf(f)] && !reported(after, f) {
					r.count(f)
					r.tried[keyOf(f)] = true
				}
			}
			found = after
			continue
		}
		undo()
		for _, f := range still {
			r.tried[keyOf(f)] = true
			r.notes = append(r.notes, Note{Path: f.Path, Message: fmt.Sprintf("%s fix at line %d withdrawn: after it, lakelint still reports the finding", f.Code, f.Start.Line)})
		}
		if found, err = r.lint(ctx); err != nil {
			return nil, err
		}
	}
	for i := range found {
		if f := &found[i]; !r.tried[keyOf(f)] && crossFile(f, r.unsafe) != nil {
			r.notes = append(r.notes, Note{Path: f.Path, Message: fmt.Sprintf("%s fix at line %d did not settle in %d passes and was not applied", f.Code, f.Start.Line, maxFixPasses)})
		}
	}
	return found, nil
}

// reported reports whether the lint's findings still hold f: its code and
// message in its file. (The fixes across files edit YAML, not the model
// the finding is at, so its place does not move.)
func reported(found []finding.Finding, f *finding.Finding) bool {
	for _, c := range currentFindings(found, f.Path) {
		if c.Code == f.Code && c.Message == f.Message {
			return true
		}
	}
	return false
}

func (r *crossRun) lint(ctx context.Context) ([]finding.Finding, error) {
	if r.l.Texts != nil {
		texts := make(map[string][]byte, len(r.texts))
		for _, t := range r.texts {
			texts[t.abs] = t.cur
		}
		r.l.Texts(texts)
	}
	return r.l.Lint(ctx, r.srcs)
}

func (r *crossRun) count(f *finding.Finding) {
	fx := crossFile(f, r.unsafe)
	p, _ := f.EditPath(&fx.Edits[0])
	r.fixed[p]++
	if r.codes[p] == nil {
		r.codes[p] = map[string]int{}
	}
	r.codes[p][f.Code]++
}

// fileEdits are the edits of one fix in one file.
type fileEdits struct {
	path, abs string
	edits     []fixer.Edit
}

// byFile splits a fix's edits by the file they are in, in the order the
// files first appear.
func byFile(f *finding.Finding, fx *finding.Fix) []fileEdits {
	var out []fileEdits
	for i := range fx.Edits {
		e := &fx.Edits[i]
		p, abs := f.EditPath(e)
		k := len(out)
		for j := range out {
			if out[j].path == p {
				k = j
			}
		}
		if k == len(out) {
			out = append(out, fileEdits{path: p, abs: abs})
		}
		out[k].edits = append(out[k].edits, fixer.Edit{Start: e.Start.Offset, End: e.End.Offset, New: e.NewText})
	}
	return out
}

// applyBatch applies the fixes of batch that fit together, each whole, and
// verifies every file they touch; a fix that does not fit waits for the
// next pass, one that fails verification on its own is not tried again.
// It returns the findings whose fix was applied, and what undoes them all.
func (r *crossRun) applyBatch(batch []*finding.Finding) ([]*finding.Finding, func()) {
	type fileState struct {
		path, abs string
		text      []byte
		taken     []fixer.Fix
	}
	files := map[string]*fileState{}
	var order []string
	var taken []*finding.Finding
	for _, f := range batch {
		parts := byFile(f, crossFile(f, r.unsafe))
		fits := true
		for _, part := range parts {
			st := files[part.path]
			if st == nil {
				text, err := r.current(part.path, part.abs)
				if err != nil {
					r.refuse(f, err)
					fits = false
					break
				}
				st = &fileState{path: part.path, abs: part.abs, text: text}
				files[part.path] = st
				order = append(order, part.path)
			}
			id := len(taken)
			res := fixer.Apply(st.text, append(append([]fixer.Fix(nil), st.taken...), fixer.Fix{ID: id, Edits: part.edits}))
			if len(res.Applied) != len(st.taken)+1 {
				fits = false // overlaps a fix taken before it: the next pass
				break
			}
		}
		if !fits {
			continue
		}
		for _, part := range parts {
			st := files[part.path]
			st.taken = append(st.taken, fixer.Fix{ID: len(taken), Edits: part.edits})
		}
		taken = append(taken, f)
	}
	// verify each file with all the fixes it takes; when one fails, its
	// fixes are tried alone, the failing ones refused, and the next pass
	// takes the others again
	type result struct {
		path  string
		data  []byte
		edits []fixer.Edit
	}
	var results []result
	retry := false
	for _, p := range order {
		st := files[p]
		if len(st.taken) == 0 {
			continue
		}
		data, edits, err := r.verify(st.path, st.text, st.taken)
		if err == nil {
			results = append(results, result{p, data, edits})
			continue
		}
		retry = true
		refused := 0
		for _, fx := range st.taken {
			if _, _, alone := r.verify(st.path, st.text, []fixer.Fix{fx}); alone != nil || len(st.taken) == 1 {
				r.refuse(taken[fx.ID], cmpErr(alone, err))
				refused++
			}
		}
		if refused == 0 { // each passes alone, not together: the first goes on
			for _, fx := range st.taken[1:] {
				r.refuse(taken[fx.ID], fmt.Errorf("%w, with the fix at line %d", err, taken[st.taken[0].ID].Start.Line))
			}
		}
	}
	if retry {
		return nil, func() {}
	}
	var undo []func()
	for _, res := range results {
		undo = append(undo, r.set(res.path, res.data, res.edits))
	}
	return taken, func() {
		for _, u := range undo {
			u()
		}
	}
}

// refuse notes why f's fix is not applied, and does not try it again.
func (r *crossRun) refuse(f *finding.Finding, err error) {
	r.tried[keyOf(f)] = true
	r.notes = append(r.notes, Note{Path: f.Path, Message: fmt.Sprintf("%s fix at line %d not applied: %v", f.Code, f.Start.Line, err)})
}

// cmpErr is the first error that is not nil.
func cmpErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// current is the file's text as the run has it now.
func (r *crossRun) current(path, abs string) ([]byte, error) {
	if i, ok := r.idx[path]; ok {
		return currentData(r.srcs[i]), nil
	}
	if t := r.texts[path]; t != nil {
		return t.cur, nil
	}
	if abs == "" {
		abs = path
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", path, err)
	}
	r.texts[path] = &otherText{abs: filepath.Clean(abs), old: data, cur: data}
	return data, nil
}

// verify applies the fixes to the file's text and checks the result: a
// source as every fix is checked, a YAML file must parse (and did before);
// another kind of file is not edited.
func (r *crossRun) verify(path string, text []byte, fixes []fixer.Fix) ([]byte, []fixer.Edit, error) {
	if i, ok := r.idx[path]; ok {
		before, note := r.l.Read(r.srcs[i])
		if note != "" {
			return nil, nil, fmt.Errorf("%s", note)
		}
		data, applied, edits, err := (&verifier{doc: before}).apply(fixes)
		if err == nil && len(applied) != len(fixes) {
			err = fmt.Errorf("its edits do not fit %s", path)
		}
		return data, edits, err
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".yml", ".yaml":
	default:
		return nil, nil, fmt.Errorf("it edits %s, a file lakelint cannot check after an edit", path)
	}
	res := fixer.Apply(text, fixes)
	if len(res.Applied) != len(fixes) {
		return nil, nil, fmt.Errorf("its edits do not fit %s", path)
	}
	var was, now yaml.Node
	if yaml.Unmarshal(text, &was) != nil {
		return nil, nil, fmt.Errorf("%s does not parse as YAML", path)
	}
	if err := yaml.Unmarshal(res.Text, &now); err != nil {
		return nil, nil, fmt.Errorf("%s would not parse as YAML after it; left unchanged", path)
	}
	var edits []fixer.Edit
	for _, fx := range fixes {
		edits = append(edits, fx.Edits...)
	}
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].Start < edits[j].Start })
	return res.Text, edits, nil
}

// set makes data the file's text, and returns what puts the text before back.
func (r *crossRun) set(path string, data []byte, edits []fixer.Edit) func() {
	if i, ok := r.idx[path]; ok {
		prev := currentData(r.srcs[i])
		if _, had := r.origin[path]; !had {
			r.origin[path] = prev
		}
		r.srcs[i].Data = data
		return func() { r.srcs[i].Data = prev }
	}
	t := r.texts[path]
	prev := t.cur
	t.cur = data
	t.edits = append(t.edits, edits)
	return func() { t.cur, t.edits = prev, t.edits[:len(t.edits)-1] }
}

// changes are the files that are no sources the fixes changed, by path.
func (r *crossRun) changes() []Change {
	var out []Change
	for p, t := range r.texts {
		if !bytes.Equal(t.old, t.cur) {
			out = append(out, Change{Path: p, Old: t.old, New: t.cur, Fixed: r.fixed[p], Codes: r.codes[p], Edits: t.edits})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}
