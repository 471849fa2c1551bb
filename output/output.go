// Package output prints findings in the formats lakelint offers: text for
// people, JSON shaped like LSP diagnostics for tools (an array, or one line
// per finding), GitHub Actions workflow commands and Azure Pipelines
// logging commands, and SARIF, JUnit and GitLab reports for CI services.
package output

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/lakelint/lakelint/finding"
)

// Options change how findings are printed.
type Options struct {
	Color       bool   // ANSI colour in text output
	UnsafeFixes bool   // --unsafe-fixes: unsafe fixes count as applicable
	Version     string // lakelint's version, for SARIF
	// InformationURI is the project's home page, for SARIF; "" means
	// DefaultInformationURI.
	InformationURI string
	// Rules describes rules by code, for SARIF's rule table; a code missing
	// from it falls back to what the findings carry.
	Rules map[string]RuleInfo

	// Root is the project's root directory (absolute): paths that tools
	// outside lakelint read (SARIF, github, gitlab) are made relative to it.
	// "" keeps the paths as given.
	Root string
	// StepSummary, when set, receives the github format's Markdown summary
	// ($GITHUB_STEP_SUMMARY).
	StepSummary io.Writer
	// Quiet prints the findings and nothing else: no summary, no hints.
	Quiet bool
	// Linted lists the files the run linted, as the findings name them:
	// JUnit gives each one without findings a passing test case.
	Linted []string
}

// Notice is something about the run that is not a finding: a file that
// could not be linted, a stats source that failed.
type Notice struct {
	Path    string // "" when it concerns no file
	Message string
	Error   bool // the run failed because of it
	// NothingLinted marks the notice that says the run linted no file,
	// and what it found instead: the text formats then make no claim that
	// all checks passed.
	NothingLinted bool
}

// noticePrinter is a printer that reports notices; Stream.Notices hands
// them over before Close.
type noticePrinter interface {
	notices([]Notice)
}

// RuleInfo describes one rule.
type RuleInfo struct {
	Name    string           // "repartition-before-optimized-write"
	Summary string           // one sentence
	URL     string           // documentation
	Level   finding.Severity // default severity; 0 when unknown

	Description  string   // a paragraph: why it matters
	HelpText     string   // the rule's documentation as plain text
	HelpMarkdown string   // the same in Markdown
	Tags         []string // categories, for SARIF
	// FixSafety says what the rule's fix changes and why it is safe or
	// not; "" for a rule without a fix.
	FixSafety string
}

// DefaultInformationURI is lakelint's home page.
const DefaultInformationURI = "https://github.com/lakelint/lakelint"

// Source names lakelint in diagnostics that other tools show.
const Source = "lakelint"

// printer prints one format: file is called with each file's findings in
// turn (files in path order, a file's findings in finding.Less order), end
// once at the end.
type printer interface {
	file(w *bufio.Writer, findings []*finding.Finding) error
	end(w *bufio.Writer) error
}

var formats = map[string]func(Options) printer{
	"text":       func(o Options) printer { return &textPrinter{opts: o} },
	"json":       func(Options) printer { return &jsonPrinter{} },
	"github":     func(o Options) printer { return &githubPrinter{opts: o} },
	"sarif":      func(o Options) printer { return &sarifPrinter{opts: o} },
	"concise":    func(o Options) printer { return concisePrinter{opts: o} },
	"full":       func(o Options) printer { return &fullPrinter{text: textPrinter{opts: o}} },
	"rdjson":     func(o Options) printer { return &rdjsonPrinter{opts: o} },
	"junit":      func(o Options) printer { return &junitPrinter{opts: o} },
	"gitlab":     func(o Options) printer { return &gitlabPrinter{opts: o} },
	"json-lines": func(Options) printer { return jsonLinesPrinter{} },
	"azure":      func(o Options) printer { return &azurePrinter{opts: o} },
}

// Formats lists the format names Write accepts, "text" (the default) first.
func Formats() []string {
	return []string{"text", "json", "json-lines", "github", "azure", "sarif", "concise", "full", "rdjson", "junit", "gitlab"}
}

// Known reports whether Write accepts the format name ("" counts as text).
func Known(format string) bool {
	_, ok := formats[format]
	return ok || format == ""
}

// Stream prints findings as a run produces them, one file at a time, so
// that a run need not keep every finding until the end. Only SARIF, one
// JSON document with a rule table, waits for Close.
type Stream struct {
	w    *bufio.Writer
	p    printer
	last string // the path of the last file, to check the order
}

// NewStream starts printing to w in the named format ("" means text).
func NewStream(w io.Writer, format string, opts Options) (*Stream, error) {
	if format == "" {
		format = "text"
	}
	newPrinter, ok := formats[format]
	if !ok {
		return nil, fmt.Errorf("unknown output format %q (valid: %s)", format, strings.Join(Formats(), ", "))
	}
	return &Stream{w: bufio.NewWriter(w), p: newPrinter(opts)}, nil
}

// File prints one file's findings; files must come in path order.
func (s *Stream) File(findings []finding.Finding) error {
	if len(findings) == 0 {
		return nil
	}
	sorted := sortedPointers(findings)
	if p := sorted[0].Path; p < s.last {
		return fmt.Errorf("output: %s printed after %s", p, s.last)
	}
	s.last = sorted[0].Path
	return s.p.file(s.w, redactFindings(sorted))
}

// Notices hands the run's notices to formats that report them (SARIF's
// invocation, github warnings, JUnit); call it before Close.
func (s *Stream) Notices(ns []Notice) {
	if np, ok := s.p.(noticePrinter); ok && len(ns) > 0 {
		np.notices(redactNotices(ns))
	}
}

// Close prints what comes after the findings (a summary, a closing bracket)
// and flushes.
func (s *Stream) Close() error {
	if err := s.p.end(s.w); err != nil {
		return err
	}
	return s.w.Flush()
}

// Write prints findings to w in the named format ("" means text). Findings
// are printed in finding.Less order; the caller's slice is left as it was.
func Write(w io.Writer, format string, findings []finding.Finding, opts Options) error {
	return WriteNotices(w, format, findings, nil, opts)
}

// WriteNotices is Write for a run that has notices to report too.
func WriteNotices(w io.Writer, format string, findings []finding.Finding, notices []Notice, opts Options) error {
	s, err := NewStream(w, format, opts)
	if err != nil {
		return err
	}
	sorted := sortedPointers(findings)
	for start := 0; start < len(sorted); {
		end := start + 1
		for end < len(sorted) && sorted[end].Path == sorted[start].Path {
			end++
		}
		if err := s.p.file(s.w, redactFindings(sorted[start:end])); err != nil {
			return err
		}
		start = end
	}
	s.Notices(notices)
	return s.Close()
}

// sortedPointers returns pointers to findings in finding.Less order:
// findings are large, and the caller's order stays put.
func sortedPointers(findings []finding.Finding) []*finding.Finding {
	sorted := make([]*finding.Finding, len(findings))
	for i := range findings {
		sorted[i] = &findings[i]
	}
	slices.SortStableFunc(sorted, func(a, b *finding.Finding) int {
		switch {
		case finding.Less(a, b):
			return -1
		case finding.Less(b, a):
			return 1
		}
		return 0
	})
	return sorted
}

// severity returns f's severity, reading an unset or unknown one as a
// warning so that every format has something valid to print.
func severity(f *finding.Finding) finding.Severity {
	if f.Severity < finding.Error || f.Severity > finding.Hint {
		return finding.Warning
	}
	return f.Severity
}

// fixable reports whether --fix would fix f under opts.
func fixable(f *finding.Finding, opts Options) bool {
	return f.HasFix(finding.Safe) || opts.UnsafeFixes && f.HasFix(finding.Unsafe)
}
