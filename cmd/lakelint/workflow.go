package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/output"
	"github.com/lakelint/lakelint/platform"
	"github.com/lakelint/lakelint/rules"
	"github.com/lakelint/lakelint/rules/rule"
)

// workflow holds the fix workflow flags of check, as ruff names them.
type workflow struct {
	noFix, noUnsafeFixes, fixOnly, showFixes, exitNonZeroOnFix bool
	statistics, quiet, showSettings, addNoqa                   bool
}

func addWorkflowFlags(fs *flag.FlagSet, w *workflow) {
	fs.BoolVar(&w.noFix, "no-fix", false, "do not fix, even when the config says fix: true")
	fs.BoolVar(&w.noUnsafeFixes, "no-unsafe-fixes", false, "do not offer or apply unsafe fixes, even when the config says unsafe-fixes: true")
	fs.BoolVar(&w.fixOnly, "fix-only", false, "apply fixes and report nothing of the findings left (implies --fix)")
	fs.BoolVar(&w.showFixes, "show-fixes", false, "list the fixes applied (or, with --diff, that would be)")
	fs.BoolVar(&w.exitNonZeroOnFix, "exit-non-zero-on-fix", false, "exit 1 when a fix was applied, even if no finding is left")
	fs.BoolVar(&w.statistics, "statistics", false, "print the number of findings of each rule instead of the findings")
	fs.BoolVar(&w.quiet, "quiet", false, "print the findings and nothing else (no summary)")
	fs.BoolVar(&w.quiet, "q", false, "short for --quiet")
	fs.BoolVar(&w.showSettings, "show-settings", false, "print the settings used for the first file and exit")
	fs.BoolVar(&w.addNoqa, "add-noqa", false, "add a noqa comment for every finding, merged with the line's noqa comment")
}

// configErrors prints each distinct configuration error of the files to
// lint and reports whether there was one. The run then stops: no findings,
// no "All checks passed!".
func configErrors(configs *config.Resolver, srcs []engine.Source, stderr io.Writer) bool {
	seen := map[string]bool{}
	for _, s := range srcs {
		if _, err := configs.For(s.Path); err != nil && !seen[err.Error()] {
			seen[err.Error()] = true
			fmt.Fprintf(stderr, "lakelint: error: %v\n", err)
		}
	}
	return len(seen) > 0
}

// settle applies the config's fix and unsafe-fixes to the flags the command
// line did not set, and prints the settings for --show-settings; done says
// the run ends with code.
func (o *checkOptions) settle(fs *flag.FlagSet, configs *config.Resolver, srcs []engine.Source, stdout, stderr io.Writer) (code int, done bool) {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var cfg *config.Config
	var err error
	if len(srcs) > 0 {
		cfg, err = configs.For(srcs[0].Path)
	} else {
		cfg, err = configs.ForDir(".")
	}
	if err != nil {
		fmt.Fprintf(stderr, "lakelint: error: %v\n", err)
		return exitError, true
	}
	if !set["fix"] && cfg.Fixes.Fix != nil {
		o.fix = *cfg.Fixes.Fix
	}
	if !set["unsafe-fixes"] && cfg.Fixes.UnsafeFixes != nil {
		o.unsafeFixes = *cfg.Fixes.UnsafeFixes
	}
	if o.fixOnly {
		o.fix = true
	}
	if o.noFix {
		o.fix, o.fixOnly = false, false
	}
	if o.noUnsafeFixes {
		o.unsafeFixes = false
	}
	if o.showSettings {
		name := "."
		if len(srcs) > 0 {
			name = srcs[0].Path
		}
		printSettings(stdout, name, cfg, *o)
		return exitClean, true
	}
	return 0, false
}

func printSettings(w io.Writer, path string, cfg *config.Config, o checkOptions) {
	src := cfg.Path
	if src == "" {
		src = "none (defaults)"
	}
	fmt.Fprintf(w, "Settings for %s\n", path)
	fmt.Fprintf(w, "config file: %s\n", src)
	fmt.Fprintf(w, "fix: %t\nunsafe-fixes: %t\noutput-format: %s\n", o.fix, o.unsafeFixes, o.format)
	sel := cfg.File(path)
	fmt.Fprintln(w, "rules:")
	for _, r := range rules.All() {
		if !sel.Enabled(r.Doc.Code, !r.Doc.Off) {
			continue
		}
		fix := "no fix"
		if r.Doc.Fix != rule.NoFix {
			own := finding.Safe
			if r.Doc.Fix == rule.UnsafeFix {
				own = finding.Unsafe
			}
			if app, ok := cfg.FixFor(r.Doc.Code, own); ok {
				fix = string(app) + " fix"
			} else {
				fix = "unfixable"
			}
		}
		fmt.Fprintf(w, "  %s %-38s %-8s %s\n", r.Doc.Code, r.Doc.Name, cfg.Severity(r.Doc.Code, r.Doc.Severity), fix)
	}
	rs := cfg.Rules
	fmt.Fprintf(w, "default-format: %s\nassume-optimized-writes: %t\nmax-partition-columns: %d\n", rs.DefaultFormat, rs.AssumeOptimizedWrites, rs.MaxPartitionColumns)
	fmt.Fprintf(w, "high-cardinality-patterns: [%s]\nlow-cardinality-patterns: [%s]\n", strings.Join(rs.HighCardinalityPatterns, ", "), strings.Join(rs.LowCardinalityPatterns, ", "))
	fmt.Fprintf(w, "vacuum-min-retention-hours: %d\nrequired-properties: [%s]\nmax-file-size: %d\nmin-streaming-trigger: %s\n",
		rs.VacuumMinRetentionHours, strings.Join(rs.RequiredProperties, ", "), rs.MaxFileSize, rs.MinStreamingTrigger)
	fmt.Fprintln(w, platformSetting(path, cfg))
}

// platformSetting says the platform of the file at path, decided from its
// project root's files (the evidence in code is weighed by a check: see
// --verbose), unless the configuration sets it.
func platformSetting(path string, cfg *config.Config) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "platform: " + string(cfg.Rules.Platform)
	}
	roots := &platform.Roots{}
	files := platform.Files{Abs: []string{abs}, Evidence: [][]platform.Evidence{nil}}
	c := files.Decide(roots, func(p string) string { return p }).For(abs).Override(cfg)
	root := roots.Of(filepath.Dir(abs))
	if root == "" {
		root = "none"
	}
	return fmt.Sprintf("platform: %s (%s; project root: %s; evidence in code is weighed by a check, see --verbose)", c.Platform, c.Why, root)
}

func fixedAny(fr *engine.FixResult) bool {
	for _, c := range fr.Changes {
		if c.Fixed > 0 {
			return true
		}
	}
	return false
}

// fixOnlyStatus is the exit status of --fix-only: findings left do not count.
func (o *checkOptions) fixOnlyStatus(fr *engine.FixResult, failed bool) int {
	switch {
	case failed:
		return exitError
	case o.exitNonZeroOnFix && fixedAny(fr):
		return exitFindings
	}
	return exitClean
}

// printFixes lists the fixes applied, file by file, as ruff's --show-fixes.
func printFixes(w io.Writer, changes []engine.Change) {
	meta := outputOptions(checkOptions{}).Rules
	fmt.Fprintln(w, "Fixes:")
	for _, c := range changes {
		fmt.Fprintf(w, "- %s:\n", c.Path)
		codes := make([]string, 0, len(c.Codes))
		for code := range c.Codes {
			codes = append(codes, code)
		}
		sort.Strings(codes)
		for _, code := range codes {
			fmt.Fprintf(w, "    %d × %s (%s)\n", c.Codes[code], code, meta[code].Name)
		}
	}
}

// printStatistics prints the number of findings per rule, most first.
func printStatistics(w io.Writer, fs []finding.Finding, opts output.Options) error {
	type row struct {
		code    string
		n       int
		fixable bool
	}
	byCode := map[string]*row{}
	for i := range fs {
		f := &fs[i]
		r := byCode[f.Code]
		if r == nil {
			r = &row{code: f.Code}
			byCode[f.Code] = r
		}
		r.n++
		r.fixable = r.fixable || f.HasFix(finding.Safe) || opts.UnsafeFixes && f.HasFix(finding.Unsafe)
	}
	rows := make([]*row, 0, len(byCode))
	for _, r := range byCode {
		rows = append(rows, r)
	}
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].n != rows[j].n {
			return rows[i].n > rows[j].n
		}
		return rows[i].code < rows[j].code
	})
	width := 1
	if len(rows) > 0 {
		width = len(fmt.Sprint(rows[0].n))
	}
	for _, r := range rows {
		mark := "   "
		if r.fixable {
			mark = "[*]"
		}
		if _, err := fmt.Fprintf(w, "%*d\t%s\t%s %s\n", width, r.n, r.code, mark, opts.Rules[r.code].Name); err != nil {
			return err
		}
	}
	if len(rows) > 0 && !opts.Quiet {
		_, err := fmt.Fprintf(w, "Found %d problem(s).\n", len(fs))
		return err
	}
	return nil
}

// runAddNoqa adds noqa comments for every finding and writes the files.
func runAddNoqa(ctx context.Context, l *engine.Linter, srcs []engine.Source, o checkOptions, stderr io.Writer) int {
	fr, err := l.AddNoqa(ctx, srcs)
	if err != nil {
		fmt.Fprintf(stderr, "lakelint: %v\n", err)
		return exitError
	}
	failed := reportNotes(fr.Remaining, o.verbose, stderr)
	n := 0
	for _, c := range fr.Changes {
		if err := engine.WriteFixed(c.Path, c.Old, c.New); err != nil {
			fmt.Fprintf(stderr, "lakelint: error: %s: noqa comments not added: %v\n", c.Path, err)
			failed = true
			continue
		}
		n += c.Fixed
	}
	if !o.quiet {
		fmt.Fprintf(stderr, "Added %d noqa directive(s).\n", n)
	}
	if failed {
		return exitError
	}
	return exitClean
}
