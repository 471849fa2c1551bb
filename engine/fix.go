package engine

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/lakelint/lakelint/extract"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/fixer"
	"github.com/lakelint/lakelint/parsers"
	"github.com/lakelint/lakelint/parsers/document"
)

// maxFixPasses bounds the lint-fix loop; fixes normally converge in two.
const maxFixPasses = 10

// Change is one file the fixer changed.
type Change struct {
	Path     string
	Old, New []byte
	Fixed    int // findings fixed
}

// FixResult is the outcome of a fix run: what changed and what remains.
type FixResult struct {
	Changes   []Change
	Remaining *Result
}

// Fix lints the files below paths and applies their fixes (unsafe ones too
// when unsafe is set) until nothing more can be fixed. Files are not written:
// the caller writes Changes, or prints them as a diff.
func (l *Linter) Fix(ctx context.Context, paths []string, unsafe bool) (*FixResult, error) {
	files, err := l.Discover(paths)
	if err != nil {
		return nil, err
	}
	srcs := make([]Source, len(files))
	for i, f := range files {
		srcs[i] = Source{Path: f}
	}
	return l.FixSources(ctx, srcs, unsafe)
}

// FixSources is Fix over given sources.
func (l *Linter) FixSources(ctx context.Context, srcs []Source, unsafe bool) (*FixResult, error) {
	original := map[string][]byte{}
	fixed := map[string]int{}
	// fixes that broke a file are not offered again
	refused := map[string]bool{}
	var res *Result
	for pass := 0; ; pass++ {
		var err error
		res, err = l.LintSources(ctx, srcs)
		if err != nil {
			return nil, err
		}
		if pass == maxFixPasses {
			break
		}
		byPath := map[string][]finding.Finding{}
		for _, f := range res.Findings {
			if applicable(f, unsafe) && !refused[fixKey(f)] {
				byPath[f.Path] = append(byPath[f.Path], f)
			}
		}
		if len(byPath) == 0 {
			break
		}
		changed := false
		for i := range srcs {
			fs := byPath[srcs[i].Path]
			if len(fs) == 0 {
				continue
			}
			data, n, err := applyToSource(srcs[i], fs, unsafe)
			if err != nil {
				// refuse only the fixes that break the file on their own, so
				// one bad fix does not hold back the others; the next pass
				// applies the rest
				bad := fs
				if len(fs) > 1 {
					bad = nil
					for _, f := range fs {
						if _, _, err := applyToSource(srcs[i], []finding.Finding{f}, unsafe); err != nil {
							bad = append(bad, f)
						}
					}
					if len(bad) == 0 {
						bad = fs // they only break together
					}
				}
				for _, f := range bad {
					refused[fixKey(f)] = true
					res.Notes = append(res.Notes, Note{Path: srcs[i].Path,
						Message: fmt.Sprintf("%s fix at line %d not applied: %v", f.Code, f.Start.Line, err)})
				}
				changed = changed || len(bad) < len(fs)
				continue
			}
			if n == 0 || bytes.Equal(data, currentData(srcs[i])) {
				continue // nothing to apply, or fixes that change nothing
			}
			if _, ok := original[srcs[i].Path]; !ok {
				original[srcs[i].Path] = currentData(srcs[i])
			}
			srcs[i].Data = data
			fixed[srcs[i].Path] += n
			changed = true
		}
		if !changed {
			break
		}
	}
	out := &FixResult{Remaining: res}
	for _, s := range srcs {
		if old, ok := original[s.Path]; ok && !bytes.Equal(old, s.Data) {
			out.Changes = append(out.Changes, Change{Path: s.Path, Old: old, New: s.Data, Fixed: fixed[s.Path]})
		}
	}
	return out, nil
}

func applicable(f finding.Finding, unsafe bool) bool {
	return f.HasFix(finding.Safe) || (unsafe && f.HasFix(finding.Unsafe))
}

func fixKey(f finding.Finding) string {
	return fmt.Sprintf("%s:%d:%s", f.Path, f.Start.Offset, f.Code)
}

func currentData(s Source) []byte {
	if s.Data != nil {
		return s.Data
	}
	data, _ := os.ReadFile(s.Path)
	return data
}

// applyToSource applies the findings' fixes to one file and checks that the
// result still parses no worse than before. It returns the new file bytes.
func applyToSource(s Source, fs []finding.Finding, unsafe bool) ([]byte, int, error) {
	before, note := readDocument(s, 0)
	if note != "" {
		return nil, 0, fmt.Errorf("%s", note)
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
	r := fixer.Apply(before.Text, fixes)
	if len(r.Applied) == 0 {
		return nil, 0, nil
	}
	data, err := render(before, r, fixes)
	if err != nil {
		return nil, 0, err
	}
	after, err := parsers.Load(s.Path, data)
	if err != nil {
		return nil, 0, fmt.Errorf("the fixed file would not load: %w", err)
	}
	if len(extract.File(after).SyntaxErrors) > len(extract.File(before).SyntaxErrors) {
		return nil, 0, fmt.Errorf("the fixed file would not parse; left unchanged")
	}
	return data, len(r.Applied), nil
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

// WriteFile replaces a file's content atomically, keeping its mode, so an
// interrupted fix never leaves a half-written file.
func WriteFile(path string, data []byte) error {
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".lakelint-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(info.Mode().Perm()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
