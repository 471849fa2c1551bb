package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/output"
	"github.com/lakelint/lakelint/rules"
	"github.com/lakelint/lakelint/rules/rule"
)

// projectRoot is the directory tools outside lakelint resolve paths
// against: the git work tree holding the working directory, else the
// directory of --config or of the nearest config file, else the working
// directory.
func projectRoot(configPath string) string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	if top, err := gitOutput(wd, "rev-parse", "--show-toplevel"); err == nil {
		if dir := strings.TrimSpace(top); dir != "" {
			return dir
		}
	}
	if configPath != "" {
		if abs, err := filepath.Abs(configPath); err == nil {
			return filepath.Dir(abs)
		}
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if config.FileIn(dir) != "" {
			return dir
		}
		if filepath.Dir(dir) == dir {
			return wd
		}
	}
}

// gitOutput runs git in dir and returns its standard output.
func gitOutput(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(errOut.String())
		if msg == "" {
			msg = err.Error()
		}
		return "", errors.New(msg)
	}
	return out.String(), nil
}

// touches reports whether the finding's range (in the file's own lines)
// meets a changed line.
func (c changedLines) touches(f *finding.Finding) bool {
	abs := f.AbsPath
	if abs == "" {
		var err error
		if abs, err = filepath.Abs(f.Path); err != nil {
			return false
		}
	}
	lines, ok := c[abs]
	if !ok {
		// git reports the real path; the run may have seen one through a symlink
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			lines, ok = c[real]
		}
	}
	if !ok {
		return false
	}
	if lines == nil {
		return true
	}
	start, end := f.InFile()
	last := max(end.Line, start.Line)
	if end.Line > start.Line && end.Column <= 1 {
		last-- // a range that ends at the start of a line does not touch it
	}
	for l := max(start.Line, 1); l <= last; l++ {
		if lines[l] {
			return true
		}
	}
	return false
}

// keep returns only the findings on changed lines.
func (c changedLines) keep(fs []finding.Finding) []finding.Finding {
	kept := fs[:0:0]
	for i := range fs {
		if c.touches(&fs[i]) {
			kept = append(kept, fs[i])
		}
	}
	return kept
}

// notices turns the run's notes into what output formats report.
func notices(res *engine.Result) []output.Notice {
	out := make([]output.Notice, 0, len(res.Notes))
	for _, n := range res.Notes {
		out = append(out, output.Notice{Path: n.Path, Message: n.Message, Error: n.Error, NothingLinted: n.NothingLinted})
	}
	return out
}

// ruleTags are code-scanning categories by rule family.
var ruleTags = map[byte][]string{
	'0': {"lakelint"},
	'1': {"delta-lake", "small-files", "writes"},
	'3': {"delta-lake", "small-files", "table-properties"},
	'4': {"delta-lake", "maintenance"},
	'5': {"spark-config"},
	'9': {"delta-lake", "small-files", "live-stats"},
}

// ruleInfos describes every rule for the output formats.
func ruleInfos() map[string]output.RuleInfo {
	meta := map[string]output.RuleInfo{}
	for _, r := range rules.All() {
		meta[r.Doc.Code] = ruleInfo(r.Doc)
	}
	return meta
}

func ruleInfo(d *rule.Doc) output.RuleInfo {
	info := output.RuleInfo{
		Name: d.Name, Summary: d.Summary, URL: d.URL(), Level: d.Severity,
		Description: d.Why, HelpMarkdown: d.Markdown(), FixSafety: d.FixSafety,
	}
	var b strings.Builder
	b.WriteString(d.Summary + "\n\n" + d.Why + "\n\nExample:\n\n" + indent(d.Example) + "\nUse instead:\n\n" + indent(d.Better))
	if d.Fix != rule.NoFix {
		b.WriteString("\nFix (" + string(d.Fix) + "): " + d.FixSafety + "\n")
	}
	b.WriteString("\nMore: " + d.URL() + "\n")
	info.HelpText = b.String()
	if len(d.Code) > 2 {
		info.Tags = append([]string{"performance"}, ruleTags[d.Code[2]]...)
	}
	return info
}

func indent(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		b.WriteString("    " + l + "\n")
	}
	return b.String()
}

// openStepSummary opens $GITHUB_STEP_SUMMARY for appending when a report
// is in the github format; nil when none is or it is not set.
func openStepSummary(specs []reportSpec) (*os.File, error) {
	path := os.Getenv("GITHUB_STEP_SUMMARY")
	github := false
	for _, s := range specs {
		github = github || s.format == "github"
	}
	if !github || path == "" {
		return nil, nil
	}
	return os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
}
