package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The tests in this file and their neighbours (pre-commit, Neovim) run
// lakelint's output through the real programs that read it. CI installs
// each at a pinned version (.ci/run) and sets LAKELINT_CONSUMERS=require, so
// there a missing program fails its test; elsewhere the test skips.

// consumerTool returns the path of a consumer program.
func consumerTool(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	if os.Getenv("LAKELINT_CONSUMERS") == "require" {
		t.Fatalf("%s is not installed, and LAKELINT_CONSUMERS=require says it must be", name)
	}
	t.Skipf("%s is not installed (.ci/run installs it): this test of lakelint with it skips", name)
	return ""
}

// rdDiagnostic is a diagnostic as reviewdog's rdjson reporter prints it.
type rdDiagnostic struct {
	Message  string
	Location struct {
		Path  string
		Range rdRange
	}
	Code struct {
		Value string
	}
	Suggestions []struct {
		Range rdRange
		Text  string
	}
}

type rdRange struct {
	Start, End struct{ Line, Column int }
}

func (r rdRange) String() string {
	b, _ := json.Marshal(r)
	return string(b)
}

// reviewdogRepo is a committed job and SQL file with findings: LL102 on
// jobs/old.py line 2 (a deletion fix) and LL401 on sql/vacuum.sql line 1
// (a replacement fix, 72 → 168); the job then gains an uncommitted write
// with another LL102 on line 4.
func reviewdogRepo(t *testing.T) string {
	dir := scratchRepo(t)
	write(t, filepath.Join(dir, "sql", "vacuum.sql"), "VACUUM main.sales.orders RETAIN 72 HOURS;\n")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "vacuum")
	old, err := os.ReadFile(filepath.Join(dir, "jobs", "old.py"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "jobs", "old.py"), string(old)+"x = 1\n"+strings.ReplaceAll(singleFileWrite, "%s", "new"))
	return dir
}

// runReviewdog feeds report to reviewdog in dir and returns the
// diagnostics its rdjson reporter prints.
func runReviewdog(t *testing.T, reviewdog, dir, report string, args ...string) []rdDiagnostic {
	t.Helper()
	cmd := exec.Command(reviewdog, append(args, "-reporter=rdjson")...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(report)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("reviewdog %v: %v\n%s%s", args, err, out, stderr.String())
	}
	var got struct{ Diagnostics []rdDiagnostic }
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("reviewdog's rdjson: %v\n%s", err, out)
	}
	return got.Diagnostics
}

// TestReviewdogReadsFindings: reviewdog reads lakelint's SARIF and rdjson
// reports with each finding's file, range, rule and suggested fix, and
// with -diff keeps only the findings on changed lines.
func TestReviewdogReadsFindings(t *testing.T) {
	reviewdog := consumerTool(t, "reviewdog")
	dir := reviewdogRepo(t)
	t.Chdir(dir)
	type want struct {
		path, code, rng, fixText string
	}
	at := func(line, col, endCol int) string {
		var r rdRange
		r.Start.Line, r.Start.Column, r.End.Line, r.End.Column = line, col, line, endCol
		return r.String()
	}
	all := []want{
		{"jobs/old.py", "LL102", at(2, 3, 15), ""},
		{"jobs/old.py", "LL102", at(4, 3, 15), ""},
		{"sql/vacuum.sql", "LL401", at(1, 33, 35), "168"},
	}
	check := func(name string, got []rdDiagnostic, wants []want) {
		t.Helper()
		if len(got) != len(wants) {
			t.Fatalf("%s: %d diagnostics, want %d: %+v", name, len(got), len(wants), got)
		}
		for _, w := range wants {
			found := false
			for _, d := range got {
				if d.Location.Path != w.path || d.Code.Value != w.code || d.Location.Range.String() != w.rng {
					continue
				}
				found = true
				if d.Message == "" {
					t.Errorf("%s: %s %s has no message", name, w.path, w.code)
				}
				// the fix comes through as a suggestion of the same place
				if len(d.Suggestions) != 1 || d.Suggestions[0].Range.String() != w.rng || d.Suggestions[0].Text != w.fixText {
					t.Errorf("%s: %s %s suggestions %+v, want %q at %s", name, w.path, w.code, d.Suggestions, w.fixText, w.rng)
				}
			}
			if !found {
				t.Errorf("%s: no %s %s at %s in %+v", name, w.path, w.code, w.rng, got)
			}
		}
	}
	for _, format := range []string{"sarif", "rdjson"} {
		// the reports carry unsafe fixes too: suggestions a reviewer applies by hand
		report, errOut, code := runCLI(t, "", "check", "--output-format", format)
		if code != exitFindings {
			t.Fatalf("%s: exit %d: %s", format, code, errOut)
		}
		check(format, runReviewdog(t, reviewdog, dir, report, "-f="+format, "-filter-mode=nofilter"), all)
		// in a pull request: only what the diff adds
		check(format+" -diff", runReviewdog(t, reviewdog, dir, report, "-f="+format, "-filter-mode=added", "-diff=git diff"), all[1:2])
	}
}
