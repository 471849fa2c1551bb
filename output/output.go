// Package output prints findings in the formats lakelint offers: text for
// people, JSON shaped like LSP diagnostics for tools, GitHub Actions
// workflow commands, and SARIF for code-scanning services.
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
}

// RuleInfo describes one rule.
type RuleInfo struct {
	Name    string           // "repartition-before-optimized-write"
	Summary string           // one sentence
	URL     string           // documentation
	Level   finding.Severity // default severity; 0 when unknown
}

// DefaultInformationURI is lakelint's home page.
const DefaultInformationURI = "https://github.com/lakelint/lakelint"

// Source names lakelint in diagnostics that other tools show.
const Source = "lakelint"

type formatter func(w *bufio.Writer, findings []*finding.Finding, opts Options) error

var formats = map[string]formatter{
	"text":   writeText,
	"json":   writeJSON,
	"github": writeGitHub,
	"sarif":  writeSARIF,
}

// Formats lists the format names Write accepts, "text" (the default) first.
func Formats() []string { return []string{"text", "json", "github", "sarif"} }

// Known reports whether Write accepts the format name ("" counts as text).
func Known(format string) bool {
	_, ok := formats[format]
	return ok || format == ""
}

// Write prints findings to w in the named format ("" means text). Findings
// are printed in finding.Less order; the caller's slice is left as it was.
func Write(w io.Writer, format string, findings []finding.Finding, opts Options) error {
	if format == "" {
		format = "text"
	}
	write, ok := formats[format]
	if !ok {
		return fmt.Errorf("unknown output format %q (valid: %s)", format, strings.Join(Formats(), ", "))
	}
	// Sort pointers: findings are large, and the caller's order stays put.
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
	bw := bufio.NewWriter(w)
	if err := write(bw, sorted, opts); err != nil {
		return err
	}
	return bw.Flush()
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
