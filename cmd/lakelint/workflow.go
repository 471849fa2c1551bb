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
// no "All checks passed!". Warnings (a deprecated key) are printed once
// each and do not stop it.
func configErrors(configs *config.Resolver, srcs []engine.Source, stderr io.Writer) bool {
	seen := map[string]bool{}
	failed := false
	for _, s := range srcs {
		cfg, err := configs.For(s.Path)
		if err != nil {
			if !seen[err.Error()] {
				seen[err.Error()] = true
				failed = true
				fmt.Fprintf(stderr, "lakelint: error: %v\n", err)
			}
			continue
		}
		for _, w := range cfg.Warnings {
			if !seen[w] {
				seen[w] = true
				fmt.Fprintf(stderr, "lakelint: warning: %s\n", w)
			}
		}
	}
	return failed
}

// settle applies the config's fix and unsafe-fixes to the flags the command
// line did not set, and prints the settings for --show-settings; done says
// the run ends with code. platform says which platform the run resolves
// to and why, for --show-settings.
func (o *checkOptions) settle(fs *flag.FlagSet, configs *config.Resolver, srcs []engine.Source, platform func() string, stdout, stderr io.Writer) (code int, done bool) {
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
		printSettings(stdout, name, cfg, *o, platform)
		return exitClean, true
	}
	return 0, false
}

// printSettings prints every setting in effect for one file, under the
// names a config file gives them.
func printSettings(w io.Writer, path string, cfg *config.Config, o checkOptions, platform func() string) {
	src := cfg.Path
	switch {
	case src == "":
		src = "none (defaults)"
	case filepath.Base(src) == config.PyprojectName:
		src += " [tool.lakelint]"
	}
	list := func(ss []string) string { return "[" + strings.Join(ss, ", ") + "]" }
	fmt.Fprintf(w, "Settings for %s\n", path)
	fmt.Fprintf(w, "config file: %s\n", src)
	rs := cfg.Rules
	switch {
	case rs.Platform == config.PlatformAuto || rs.Platform == "":
		fmt.Fprintf(w, "platform: %s\n", platform())
	case o.selection.Platform != "":
		fmt.Fprintf(w, "platform: %s (set by --platform)\n", rs.Platform)
	default:
		fmt.Fprintf(w, "platform: %s (set in the config)\n", rs.Platform)
	}
	fmt.Fprintf(w, "unity-catalog-auto-tuning: %t\n", rs.UnityCatalogAutoTuning)
	fmt.Fprintf(w, "fix: %t\nunsafe-fixes: %t\noutput-format: %s\n", o.fix, o.unsafeFixes, o.format)
	sel := cfg.File(path)
	fmt.Fprintln(w, "rules:")
	for _, r := range rules.All() {
		if !sel.Enabled(r.Doc.Code, !r.Doc.Off) {
			continue
		}
		fix := "no fix"
		if r.Doc.Fix != rule.NoFix {
			if app, ok := cfg.FixFor(r.Doc.Code, r.Doc.Fix); ok {
				fix = string(app) + " fix"
			} else {
				fix = "unfixable"
			}
		}
		fmt.Fprintf(w, "  %s %-38s %-8s %s\n", r.Doc.Code, r.Doc.Name, cfg.Severity(r.Doc.Code, r.Doc.Severity), fix)
	}
	format := rs.DefaultFormat
	if format == "" {
		format = "(the platform's)"
	}
	exclude, extend := cfg.ExcludePatterns()
	fmt.Fprintf(w, "per-file-ignores: %s\n", list(cfg.PerFileIgnores()))
	fmt.Fprintf(w, "exclude: %s\nextend-exclude: %s\ntest-paths: %s\n", list(exclude), list(extend), list(cfg.TestPaths()))
	if len(o.exclude) > 0 || len(o.extendExclude) > 0 {
		fmt.Fprintf(w, "command-line excludes: %s\n", list(append(append([]string(nil), o.exclude...), o.extendExclude...)))
	}
	fmt.Fprintf(w, "default-format: %s\nassume-optimized-writes: %t\nmax-partition-columns: %d\n", format, rs.AssumeOptimizedWrites, rs.MaxPartitionColumns)
	fmt.Fprintf(w, "high-cardinality-patterns: %s\nlow-cardinality-patterns: %s\n", list(rs.HighCardinalityPatterns), list(rs.LowCardinalityPatterns))
	fmt.Fprintf(w, "vacuum-min-retention-hours: %d\nrequired-properties: %s\nmax-file-size: %d\n",
		rs.VacuumMinRetentionHours, list(rs.RequiredProperties), rs.MaxFileSize)
	fmt.Fprintf(w, "min-trigger-interval: %s\nsuggested-trigger: %s\nmin-batch-interval: %s\n", rule.SparkInterval(rs.MinStreamingTrigger), rule.SparkInterval(rs.SuggestedTrigger), rule.SparkInterval(rs.MinBatchInterval))
	st := cfg.Stats
	fmt.Fprintln(w, "stats:")
	fmt.Fprintf(w, "  small-file-threshold: %d\n  min-files: %d\n  max-partitions: %d\n  min-streaming-commits: %d\n",
		st.SmallFileThreshold, st.MinFiles, st.MaxPartitions, st.MinStreamingCommits)
	fmt.Fprintf(w, "  timeout: %s\n  history-limit: %d\n  file: %s\n  require: %t\n", rule.SparkInterval(st.Timeout), st.HistoryLimit, st.File, st.Require)
	fmt.Fprintf(w, "  tables: %s\n  path-prefixes: %s\n", pairs(st.Tables), pairs(st.PathPrefixes))
	fmt.Fprintf(w, "  databricks:\n    host: %s\n    warehouse-id: %s\n    profile: %s\n", st.Databricks.Host, st.Databricks.WarehouseID, st.Databricks.Profile)
}

// pairs prints a mapping in key order.
func pairs(m map[string]string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + ": " + m[k]
	}
	return "{" + strings.Join(parts, ", ") + "}"
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

// platformRoot is the project root of the first source, as the platform
// package finds it; "" for none.
func platformRoot(srcs []engine.Source) string {
	if len(srcs) == 0 {
		return ""
	}
	abs, err := filepath.Abs(srcs[0].Path)
	if err != nil {
		return ""
	}
	return (&platform.Roots{}).Of(filepath.Dir(abs))
}

// runPlatform lints srcs to learn the platform an auto run resolves to, as
// --verbose reports it: "databricks (a %sql cell in jobs/a.py)".
func runPlatform(ctx context.Context, l *engine.Linter, srcs []engine.Source) string {
	res, err := l.LintSources(ctx, srcs)
	if err != nil {
		return "auto (" + err.Error() + ")"
	}
	// one line for the run, or one per project root: "X for <root> (why)"
	var lines []string
	for _, d := range res.Details {
		if p, ok := strings.CutPrefix(d.Message, "platform: "); ok {
			lines = append(lines, p)
		}
	}
	root := platformRoot(srcs)
	for _, p := range lines {
		if name, rest, ok := strings.Cut(p, " for "); ok && strings.HasPrefix(rest, root+" (") {
			return name + " " + strings.TrimSuffix(strings.TrimPrefix(rest, root+" "), ")") + "; project root: " + root + "), chosen by auto"
		}
	}
	if len(lines) == 1 && !strings.Contains(lines[0], " for ") && root != "" {
		return strings.TrimSuffix(lines[0], ")") + "; project root: " + root + "), chosen by auto"
	}
	if len(lines) > 0 {
		return lines[0] + ", chosen by auto"
	}
	return "auto"
}
