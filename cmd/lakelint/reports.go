package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/output"
)

// reportSpec is one report a run writes: a format, and a file ("" is
// standard output).
type reportSpec struct {
	format, path string
}

// reportFlag is the repeatable --output FORMAT=PATH.
type reportFlag []reportSpec

func (r *reportFlag) String() string {
	parts := make([]string, len(*r))
	for i, s := range *r {
		parts[i] = s.format + "=" + s.path
	}
	return strings.Join(parts, ",")
}

func (r *reportFlag) Set(v string) error {
	format, path, ok := strings.Cut(v, "=")
	if !ok || format == "" || path == "" {
		return fmt.Errorf("want FORMAT=PATH (sarif=lakelint.sarif), got %q", v)
	}
	if !output.Known(format) {
		return fmt.Errorf("unknown output format %q (want one of %s)", format, formatNames())
	}
	if path == "-" {
		path = ""
	}
	*r = append(*r, reportSpec{format: format, path: path})
	return nil
}

// reportSpecs lists the run's reports, the main one (--output-format to
// --output-file or standard output) first, and checks that no two go to
// the same place.
func (o *checkOptions) reportSpecs() ([]reportSpec, error) {
	path := o.outputFile
	if path == "-" {
		path = ""
	}
	specs := append([]reportSpec{{format: o.format, path: path}}, o.reports...)
	seen := map[string]bool{}
	for _, s := range specs {
		key := s.path
		if key != "" {
			if abs, err := filepath.Abs(key); err == nil {
				key = abs
			}
		}
		if seen[key] {
			if s.path == "" {
				return nil, errors.New("only one report can go to standard output: give the others a file (--output FORMAT=PATH)")
			}
			return nil, fmt.Errorf("two reports are written to %s", s.path)
		}
		seen[key] = true
	}
	return specs, nil
}

// reports are a run's open reports. Files are written whole or not at
// all: each is written to a temporary file beside it and renamed over it
// only once its document is complete, so a run that stops half way never
// leaves an empty or truncated SARIF file for an upload step.
type reports struct {
	specs   []reportSpec
	writers []io.Writer // where each report goes
	files   []*os.File  // the temporary files, nil for standard output
	streams []*output.Stream
}

// openReports opens every report's destination.
func openReports(specs []reportSpec, stdout io.Writer) (*reports, error) {
	r := &reports{specs: specs}
	for _, s := range specs {
		if s.path == "" {
			r.writers, r.files = append(r.writers, stdout), append(r.files, nil)
			continue
		}
		dir, base := filepath.Split(s.path)
		if dir == "" {
			dir = "."
		}
		f, err := os.CreateTemp(dir, "."+base+".*.tmp")
		if err != nil {
			r.abort()
			return nil, fmt.Errorf("--output %s: %w", s.path, err)
		}
		r.writers, r.files = append(r.writers, f), append(r.files, f)
	}
	return r, nil
}

// main is where the main report goes.
func (r *reports) main() io.Writer { return r.writers[0] }

// begin starts a stream for every report; with skipMain the main report
// is printed by the caller (--statistics).
func (r *reports) begin(opts func(format string) output.Options, skipMain bool) error {
	for i, s := range r.specs {
		if i == 0 && skipMain {
			continue
		}
		st, err := output.NewStream(r.writers[i], s.format, opts(s.format))
		if err != nil {
			return err
		}
		r.streams = append(r.streams, st)
	}
	return nil
}

// file prints one file's findings to every report.
func (r *reports) file(fs []finding.Finding) error {
	var first error
	for _, s := range r.streams {
		if err := s.File(fs); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// finish ends every report and puts the files in place.
func (r *reports) finish(ns []output.Notice) error {
	var first error
	for _, s := range r.streams {
		s.Notices(ns)
		if err := s.Close(); err != nil && first == nil {
			first = err
		}
	}
	if first != nil {
		r.abort()
		return first
	}
	return r.commit()
}

// writeAll prints findings known all at once (after --fix) to every
// report, but the main one with skipMain.
func (r *reports) writeAll(fs []finding.Finding, ns []output.Notice, opts func(format string) output.Options, skipMain bool) error {
	if err := r.begin(opts, skipMain); err != nil {
		return err
	}
	sorted := append([]finding.Finding(nil), fs...)
	slices.SortStableFunc(sorted, func(a, b finding.Finding) int { return strings.Compare(a.Path, b.Path) })
	for start := 0; start < len(sorted); {
		end := start + 1
		for end < len(sorted) && sorted[end].Path == sorted[start].Path {
			end++
		}
		if err := r.file(sorted[start:end]); err != nil {
			r.abort()
			return err
		}
		start = end
	}
	return r.finish(ns)
}

// commit renames each complete temporary file over its report's path.
func (r *reports) commit() error {
	var first error
	for i, f := range r.files {
		if f == nil {
			continue
		}
		r.files[i] = nil
		err := f.Chmod(0o644)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(f.Name(), r.specs[i].path)
		}
		if err != nil {
			os.Remove(f.Name())
			if first == nil {
				first = fmt.Errorf("--output %s: %w", r.specs[i].path, err)
			}
		}
	}
	return first
}

// abort removes the temporary files of reports not committed; the report
// paths keep what they held before the run.
func (r *reports) abort() {
	for i, f := range r.files {
		if f != nil {
			f.Close()
			os.Remove(f.Name())
			r.files[i] = nil
		}
	}
}
