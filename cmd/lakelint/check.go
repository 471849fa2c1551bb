package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/fixer"
	"github.com/lakelint/lakelint/internal/redact"
	"github.com/lakelint/lakelint/output"
)

type checkOptions struct {
	fix, unsafeFixes, diff, exitZero, verbose bool
	forceExclude                              bool
	noCache, noProjectContext                 bool
	cacheDir                                  string
	workflow                                  // the fix workflow flags, as ruff names them
	format, configPath, stdinFilename         string
	selection                                 config.Selection
	exclude, extendExclude                    listFlag
	stats                                     statsOptions

	diffFrom     string     // --diff-from REV
	bundleTarget string     // --bundle-target NAME
	outputFile   string     // --output-file PATH: the main format goes there
	reports      reportFlag // --output FORMAT=PATH, repeatable: more reports
	linted       []string   // the files to lint, for JUnit's passing cases
	root         string     // the project root, for paths other tools read
	summary      io.Writer  // $GITHUB_STEP_SUMMARY, for the github format
}

func checkFlags(o *checkOptions, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("lakelint check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.BoolVar(&o.fix, "fix", false, "apply safe fixes")
	fs.BoolVar(&o.unsafeFixes, "unsafe-fixes", false, "also offer and apply unsafe fixes")
	fs.BoolVar(&o.diff, "diff", false, "print the fixes as a unified diff instead of writing them")
	fs.BoolVar(&o.exitZero, "exit-zero", false, "exit 0 even when findings remain")
	fs.BoolVar(&o.verbose, "verbose", false, "print notes on skipped files, unread SQL statements and links not followed")
	fs.StringVar(&o.format, "output-format", "text", "output format: "+formatNames())
	fs.StringVar(&o.outputFile, "output-file", "", "write the --output-format report to this file instead of standard output (written whole, or not at all)")
	fs.Var(&o.reports, "output", "also write a report in FORMAT to PATH, as FORMAT=PATH (repeatable; - is standard output): --output-format github --output sarif=lakelint.sarif")
	fs.StringVar(&o.configPath, "config", "", "use this config file for every file")
	fs.StringVar(&o.stdinFilename, "stdin-filename", "", "the name of the file read from standard input (with PATH -)")
	fs.Var((*listFlag)(&o.selection.Select), "select", "rule codes or prefixes to enable (replaces the config's selection)")
	fs.Var((*listFlag)(&o.selection.ExtendSelect), "extend-select", "rule codes or prefixes to enable in addition")
	fs.Var((*listFlag)(&o.selection.Ignore), "ignore", "rule codes or prefixes to disable")
	fs.Var((*platformFlag)(&o.selection.Platform), "platform", "where the code runs, in place of the configs' platform: auto, databricks or oss")
	fs.Var(&o.exclude, "exclude", "glob of files or directories not to lint, in place of the configs' exclude lists and their defaults (repeatable)")
	fs.Var(&o.extendExclude, "extend-exclude", "glob of files or directories not to lint, in addition to the configs' excludes (repeatable)")
	fs.BoolVar(&o.forceExclude, "force-exclude", false, "apply excludes to files named on the command line too (for pre-commit)")
	fs.BoolVar(&o.noCache, "no-cache", false, "neither read nor write the result cache")
	fs.StringVar(&o.cacheDir, "cache-dir", "", "the result cache's directory (default: $LAKELINT_CACHE_DIR, else .lakelint_cache at the project root); an existing directory lakelint did not make gets the cache in a .lakelint_cache inside it")
	fs.BoolVar(&o.noProjectContext, "no-project-context", false, "when files are named, do not read the project's other files for table definitions")
	fs.StringVar(&o.bundleTarget, "bundle-target", "", "the Databricks bundle target whose settings apply (default: the bundle's default target)")
	fs.StringVar(&o.diffFrom, "diff-from", "", "report only findings on lines changed since this git revision (origin/main...HEAD for a pull request)")
	addStatsFlags(fs, &o.stats)
	addWorkflowFlags(fs, &o.workflow)
	return fs
}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var o checkOptions
	fs := checkFlags(&o, stderr)
	paths, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return exitClean
	}
	if err != nil {
		return exitError
	}
	if len(paths) == 0 {
		paths = []string{"."}
	}
	fromStdin := len(paths) == 1 && paths[0] == "-"
	if fromStdin && o.stdinFilename == "" {
		fmt.Fprintln(stderr, "lakelint: reading standard input needs --stdin-filename NAME (its extension picks the language)")
		return exitError
	}
	if !output.Known(o.format) {
		fmt.Fprintf(stderr, "lakelint: unknown output format %q (want one of %s)\n", o.format, formatNames())
		return exitError
	}
	specs, err := o.reportSpecs()
	if err != nil {
		fmt.Fprintf(stderr, "lakelint: %v\n", err)
		return exitError
	}
	var changed changedLines
	var diffNotice string
	if o.diffFrom != "" {
		if o.fix || o.diff {
			fmt.Fprintln(stderr, "lakelint: --diff-from reports findings; it does not combine with --fix or --diff")
			return exitError
		}
		if changed, diffNotice, err = changedSince(o.diffFrom); err != nil {
			fmt.Fprintf(stderr, "lakelint: %v\n", err)
			return exitError
		}
	}
	o.root = projectRoot(o.configPath)
	summary, err := openStepSummary(specs)
	if err != nil {
		fmt.Fprintf(stderr, "lakelint: GITHUB_STEP_SUMMARY: %v\n", err)
		return exitError
	}
	if summary != nil {
		defer summary.Close()
		o.summary = summary
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	configs, err := config.NewResolver(config.ResolverOptions{ConfigPath: o.configPath, CommandLine: o.selection, ReplaceExclude: len(o.exclude) > 0})
	if err != nil {
		fmt.Fprintf(stderr, "lakelint: %v\n", err)
		return exitError
	}
	exclude, err := config.NewGlobs("", append(append([]string(nil), o.exclude...), o.extendExclude...))
	if err != nil {
		fmt.Fprintf(stderr, "lakelint: --exclude: %v\n", err)
		return exitError
	}
	partial := fromStdin || engine.Partial(paths)
	opts := engine.Options{Exclude: exclude, ForceExclude: o.forceExclude, Partial: partial,
		ProjectContext: !o.noProjectContext && partial, BundleTarget: o.bundleTarget}
	if err := o.stats.attach(configs, &opts); err != nil {
		fmt.Fprintf(stderr, "lakelint: %v\n", err)
		return exitError
	}
	opts.RecordKey = recordKey(fs, opts.RecordKey)
	named := paths
	if fromStdin {
		named = []string{o.stdinFilename}
	}
	opts.Cache = openCache(o, named, stderr)
	l := engine.New(configs, opts)

	var srcs []engine.Source
	var found *engine.Found // what discovery found and left out; nil for standard input
	if fromStdin {
		data, err := io.ReadAll(stdin)
		if err != nil {
			fmt.Fprintf(stderr, "lakelint: reading standard input: %v\n", err)
			return exitError
		}
		srcs = []engine.Source{{Path: o.stdinFilename, Data: data}}
	} else {
		if found, err = l.Find(paths); err != nil {
			fmt.Fprintf(stderr, "lakelint: %v\n", err)
			return exitError
		}
		for _, f := range found.Files {
			srcs = append(srcs, engine.Source{Path: f})
		}
	}

	// a config error stops the run before anything is linted: the error alone is printed
	if failed := configErrors(configs, srcs, stderr); failed {
		return exitError
	}
	if code, done := o.settle(fs, configs, srcs, func() string { return runPlatform(ctx, l, srcs) }, stdout, stderr); done {
		return code
	}
	if why := noRuleSelected(configs, srcs); why != "" {
		fmt.Fprintf(stderr, "lakelint: error: %s\n", why)
		return exitError
	}
	// what discovery noted, and whether the run linted anything at all
	settleRun := func(res *engine.Result) {
		if found != nil {
			found.AddTo(res)
		}
		addNothingLinted(res, found, named, o.quiet)
	}
	if o.addNoqa {
		return runAddNoqa(ctx, l, srcs, o, stderr)
	}
	for _, s := range srcs {
		o.linted = append(o.linted, s.Path)
	}
	rs, err := openReports(specs, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "lakelint: %v\n", err)
		return exitError
	}
	defer rs.abort() // a run that fails before its reports are complete leaves no file

	var res *engine.Result
	if o.fix || o.diff {
		fr, err := l.FixSources(ctx, srcs, o.unsafeFixes)
		if err != nil {
			fmt.Fprintf(stderr, "lakelint: %v\n", err)
			return exitError
		}
		res = fr.Remaining
		settleRun(res)
		if applyChanges(fr, o, fromStdin, stdout, stderr) {
			// a file that could not be written fails the run, after the others
			res.Notes = append(res.Notes, engine.Note{Message: "some fixed files could not be written (see above)", Error: true})
		}
		if fromStdin && !o.diff {
			// like ruff: the fixed buffer goes to stdout, the findings left to stderr
			fixed := srcs[0].Data
			for _, c := range fr.Changes {
				if c.Path == srcs[0].Path {
					fixed = c.New
				}
			}
			if _, err := stdout.Write(fixed); err != nil {
				fmt.Fprintf(stderr, "lakelint: %v\n", err)
				return exitError
			}
			failed := reportNotes(res, o.verbose, stderr)
			if o.fixOnly {
				return o.fixOnlyStatus(fr, failed)
			}
			if err := output.Write(stderr, "text", res.Findings, outputOptions(o)); err != nil || failed {
				return exitError
			}
			if len(res.Findings) > 0 && !o.exitZero || o.exitNonZeroOnFix && fixedAny(fr) {
				return exitFindings
			}
			return exitClean
		}
		if o.diff {
			// --diff prints only the diff; the status says whether anything would change
			reportNotes(res, o.verbose, stderr)
			if len(fr.Changes) > 0 && !o.exitZero {
				return exitFindings
			}
			return exitClean
		}
		if o.fixOnly {
			return o.fixOnlyStatus(fr, reportNotes(res, o.verbose, stderr))
		}
		var printErr error
		if o.statistics {
			printErr = printStatistics(rs.main(), res.Findings, outputOptions(o))
		}
		if printErr == nil {
			printErr = rs.writeAll(res.Findings, notices(res), o.reportOptions, o.statistics)
		}
		code := finish(res, printErr, o, stderr)
		if code == exitClean && o.exitNonZeroOnFix && fixedAny(fr) {
			code = exitFindings
		}
		return code
	}

	// findings are printed file by file as the run makes them
	if err := rs.begin(o.reportOptions, o.statistics); err != nil {
		fmt.Fprintf(stderr, "lakelint: %v\n", err)
		return exitError
	}
	var printErr error
	printed := 0
	var all []finding.Finding // for --statistics only
	opts.Emit = func(fs []finding.Finding) {
		if changed != nil {
			fs = changed.keep(fs)
		}
		printed += len(fs)
		if o.statistics {
			all = append(all, fs...)
		}
		if printErr == nil {
			printErr = rs.file(fs)
		}
	}
	lint := engine.New(configs, opts)
	res, err = lint.LintSources(ctx, srcs)
	if err != nil {
		fmt.Fprintf(stderr, "lakelint: %v\n", err)
		return exitError
	}
	if changed != nil {
		res.Found = printed // the exit status counts what was reported
	}
	settleRun(res)
	if diffNotice != "" {
		res.Notes = append(res.Notes, engine.Note{Message: diffNotice})
	}
	if o.statistics && printErr == nil {
		printErr = printStatistics(rs.main(), all, outputOptions(o))
	}
	if printErr == nil {
		printErr = rs.finish(notices(res))
	}
	return finish(res, printErr, o, stderr)
}

// finish reports the notes and says how the run ends.
func finish(res *engine.Result, printErr error, o checkOptions, stderr io.Writer) int {
	failed := reportNotes(res, o.verbose, stderr)
	if printErr != nil {
		fmt.Fprintf(stderr, "lakelint: %v\n", printErr)
		return exitError
	}
	switch {
	case failed:
		return exitError
	case res.Found > 0 && !o.exitZero:
		return exitFindings
	}
	return exitClean
}

// applyChanges writes fixed files, or prints them as a diff. With standard
// input, the fixed text goes to standard output as ruff does. A file that
// cannot be written is reported and left alone; the others are written.
func applyChanges(fr *engine.FixResult, o checkOptions, fromStdin bool, stdout, stderr io.Writer) (failed bool) {
	kept := fr.Changes[:0:0]
	for _, c := range fr.Changes {
		switch {
		case o.diff:
			fmt.Fprint(stdout, fixer.Diff(c.Path, c.Old, c.New))
		case fromStdin && c.Path != o.stdinFilename:
			// a fix in another file (a dbt model's YAML): standard input's
			// run writes no file, and prints only the input
			fmt.Fprintf(stderr, "lakelint: warning: %s: not changed: reading standard input, lakelint prints the fixed input only (fix the file itself to apply this fix)\n", c.Path)
			continue
		case fromStdin:
			// printed by the caller
		default:
			if err := engine.WriteFixed(c.Path, c.Old, c.New); err != nil {
				fmt.Fprintf(stderr, "lakelint: error: %s: not fixed: %v\n", c.Path, err)
				failed = true
				continue
			}
		}
		kept = append(kept, c)
	}
	fr.Changes = kept
	n := 0
	for _, c := range fr.Changes {
		n += c.Fixed
	}
	switch {
	case n == 0 || o.quiet:
	case o.diff:
		fmt.Fprintf(stderr, "Would fix %d problem(s) in %d file(s).\n", n, len(fr.Changes))
	case !fromStdin:
		fmt.Fprintf(stderr, "Fixed %d problem(s) in %d file(s).\n", n, len(fr.Changes))
	}
	if o.showFixes && n > 0 {
		printFixes(stderr, fr.Changes)
	}
	return failed
}

// reportNotes prints notes to stderr and says whether any is an error.
func reportNotes(res *engine.Result, verbose bool, stderr io.Writer) bool {
	failed := false
	for _, n := range res.Notes {
		failed = failed || n.Error
		level := "warning"
		if n.Error {
			level = "error"
		}
		fmt.Fprintf(stderr, "lakelint: %s: %s\n", level, redact.String(fmt.Sprint(n)))
	}
	if verbose {
		for _, n := range res.Details {
			fmt.Fprintf(stderr, "lakelint: %s\n", n)
		}
		fmt.Fprintf(stderr, "lakelint: linted %d file(s); %s\n", res.Files, res.SQLSummary())
		if res.Indexed > 0 {
			fmt.Fprintf(stderr, "lakelint: read %d other project file(s) for table definitions (project context)\n", res.Indexed)
		}
	}
	return failed
}

func outputOptions(o checkOptions) output.Options {
	return output.Options{UnsafeFixes: o.unsafeFixes, Version: version, Rules: ruleInfos(), Root: o.root, StepSummary: o.summary, Quiet: o.quiet}
}

// reportOptions are outputOptions for one report: only the github format
// writes the step summary.
func (o checkOptions) reportOptions(format string) output.Options {
	opts := outputOptions(o)
	if format != "github" {
		opts.StepSummary = nil
	}
	opts.Linted = o.linted
	return opts
}

func formatNames() string { return strings.Join(output.Formats(), ", ") }
