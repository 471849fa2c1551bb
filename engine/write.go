package engine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/fixer/loop"
	"github.com/lakelint/lakelint/parsers/document"
)

// Change is one file the fixer changed.
type Change = loop.Change

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

// FixSources is Fix over given sources (package fixer/loop says how fixes
// are applied and verified); their Data is left as fixed.
func (l *Linter) FixSources(ctx context.Context, srcs []Source, unsafe bool) (*FixResult, error) {
	return l.fixRun(ctx, srcs, func(ctx context.Context, fs []loop.Source, fl loop.Linter) (*loop.Result, error) {
		return loop.Fix(ctx, fs, fl, unsafe)
	})
}

// AddNoqa lints the sources and adds a noqa comment for every finding, on
// the line where it starts (see loop.AddNoqa). Files are not written;
// Changes.Fixed counts the findings silenced.
func (l *Linter) AddNoqa(ctx context.Context, srcs []Source) (*FixResult, error) {
	return l.fixRun(ctx, srcs, func(ctx context.Context, fs []loop.Source, fl loop.Linter) (*loop.Result, error) {
		return loop.AddNoqa(ctx, fs, fl, UnusedNoqaCode)
	})
}

// fixRun runs a fix run over srcs, read once first, with this linter: the
// run's notes join its last lint's, which is what remains.
func (l *Linter) fixRun(ctx context.Context, srcs []Source, run func(context.Context, []loop.Source, loop.Linter) (*loop.Result, error)) (*FixResult, error) {
	l.pin(srcs)
	fs := make([]loop.Source, len(srcs))
	for i, s := range srcs {
		fs[i] = loop.Source(s)
	}
	var last *Result
	fl := loop.Linter{
		Lint: func(ctx context.Context, fs []loop.Source) ([]finding.Finding, error) {
			for i := range fs {
				srcs[i] = Source(fs[i])
			}
			res, err := l.LintSources(ctx, srcs)
			if err != nil {
				return nil, err
			}
			last = res
			return res.Findings, nil
		},
		Read: func(s loop.Source) (*document.Document, string) {
			if SettingsFileName(s.Path) {
				// its findings are a setting's: the comment's place depends on the format
				return nil, "lakelint edits no settings file; silence a finding there with `# noqa: CODE` at the end of its YAML line, or on a comment line of its own directly above it in a spark-defaults.conf"
			}
			return readDocument(Source(s), 0)
		},
		Texts: l.setTexts,
	}
	defer l.setTexts(nil) // later runs read the project's files from disk
	r, err := run(ctx, fs, fl)
	if err != nil {
		return nil, err
	}
	for i := range fs {
		srcs[i] = Source(fs[i])
	}
	res := last
	for _, n := range r.Notes {
		res.Notes = append(res.Notes, Note{Path: n.Path, Message: n.Message})
	}
	sort.SliceStable(res.Notes, func(i, j int) bool { return res.Notes[i].Path < res.Notes[j].Path })
	return &FixResult{Changes: r.Changes, Remaining: res}, nil
}

// pin reads every file once, so that the fixes, the re-lints and the check
// made before writing (WriteFixed) all see the bytes the first check saw.
// Files that cannot be read are left to the lint to report.
func (l *Linter) pin(srcs []Source) {
	for i := range srcs {
		if srcs[i].Data != nil {
			continue
		}
		cfg, err := l.configs.For(srcs[i].Path)
		if err != nil {
			continue
		}
		if data, _, err := readFile(srcs[i].Path, cfg.Rules.MaxFileSize); err == nil && data != nil {
			srcs[i].Data = data
		}
	}
}

// ErrChanged is returned by WriteFixed for a file whose content is no longer
// what the fix was made from.
var ErrChanged = errors.New("the file changed since lakelint read it; not changed (run again)")

// WriteFixed writes a fixed file: the file (the target, when path is a
// symbolic link) must still hold old, the bytes the fix was made from, and
// its mode bits must allow writing, which is checked even for root. It is
// then rewritten in place, so its owner, group, mode and hard links stay; a
// write that fails half way puts old back.
func WriteFixed(path string, old, data []byte) error {
	info, err := os.Stat(path) // follows a symbolic link to its target
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("not a regular file; not changed")
	}
	if info.Mode().Perm()&0o222 == 0 {
		return fmt.Errorf("read-only file (mode %04o); not changed", info.Mode().Perm())
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	if old != nil {
		cur, err := io.ReadAll(f)
		if err != nil {
			return err
		}
		if !bytes.Equal(cur, old) {
			return ErrChanged
		}
	}
	if err := rewrite(f, data); err != nil {
		if old != nil {
			if rerr := rewrite(f, old); rerr != nil {
				return fmt.Errorf("%w; restoring the old content failed too: %w", err, rerr)
			}
		}
		return err
	}
	return f.Close()
}

func rewrite(f *os.File, data []byte) error {
	if _, err := f.WriteAt(data, 0); err != nil {
		return err
	}
	if err := f.Truncate(int64(len(data))); err != nil {
		return err
	}
	return f.Sync()
}

// WriteFile writes data over a file with WriteFixed's checks, without the
// check of its old content.
func WriteFile(path string, data []byte) error { return WriteFixed(path, nil, data) }
