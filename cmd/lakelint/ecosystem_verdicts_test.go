package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The ecosystem snapshot is judged: testdata/ecosystem/verdicts.tsv gives each
// finding a verdict read at its place in the code, and summary.md the
// precision per rule that follows from them. A finding without a verdict, or a
// verdict whose finding is gone, fails the test, so a rule change shows its
// effect on real code as verdicts to add or remove in its diff.

// verdicts a finding can have: right (a data engineer would act on it), wrong
// (what it says is false), noise (true, but not worth acting on).
var verdictKinds = []string{"right", "wrong", "noise"}

type verdict struct {
	kind, reason string
	line         int
}

// readVerdicts parses verdicts.tsv: one finding a line, as the snapshot
// prints it (path:line:col: CODE message), a tab, the verdict, a tab, a
// one-line reason. Lines starting with # are comments.
func readVerdicts(data string) (map[string]verdict, []string) {
	verdicts := map[string]verdict{}
	var problems []string
	for i, line := range strings.Split(data, "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "\t")
		if len(parts) != 3 || strings.TrimSpace(parts[2]) == "" {
			problems = append(problems, fmt.Sprintf("verdicts.tsv:%d: want finding<TAB>verdict<TAB>reason", i+1))
			continue
		}
		finding, kind := parts[0], parts[1]
		if !isVerdictKind(kind) {
			problems = append(problems, fmt.Sprintf("verdicts.tsv:%d: verdict %q is not one of %s", i+1, kind, strings.Join(verdictKinds, ", ")))
			continue
		}
		if prev, dup := verdicts[finding]; dup {
			problems = append(problems, fmt.Sprintf("verdicts.tsv:%d: the finding is judged already on line %d", i+1, prev.line))
			continue
		}
		verdicts[finding] = verdict{kind: kind, reason: parts[2], line: i + 1}
	}
	return verdicts, problems
}

func isVerdictKind(k string) bool {
	for _, v := range verdictKinds {
		if k == v {
			return true
		}
	}
	return false
}

// snapshotFindings returns the finding lines of an ecosystem report.
func snapshotFindings(report string) []string {
	var findings []string
	for _, line := range strings.Split(report, "\n") {
		if line == "notes:" {
			break
		}
		if strings.Contains(line, ": LL") && findingCode(line) != "" {
			findings = append(findings, line)
		}
	}
	return findings
}

// checkVerdicts lists the findings without a verdict and the verdicts without
// a finding.
func checkVerdicts(findings []string, verdicts map[string]verdict) (unjudged, stale []string) {
	seen := map[string]bool{}
	for _, f := range findings {
		seen[f] = true
		if _, ok := verdicts[f]; !ok {
			unjudged = append(unjudged, f)
		}
	}
	for f, v := range verdicts {
		if !seen[f] {
			stale = append(stale, fmt.Sprintf("verdicts.tsv:%d: %s", v.line, f))
		}
	}
	sort.Strings(stale)
	return unjudged, stale
}

// verdictSummary renders findings, right, wrong and noise per rule, and the
// judged precision (right / findings).
func verdictSummary(findings []string, verdicts map[string]verdict) string {
	type tally struct{ findings, right, wrong, noise int }
	per := map[string]*tally{}
	var total tally
	for _, f := range findings {
		code := findingCode(f)
		if per[code] == nil {
			per[code] = &tally{}
		}
		c := per[code]
		c.findings++
		total.findings++
		switch verdicts[f].kind {
		case "right":
			c.right++
			total.right++
		case "wrong":
			c.wrong++
			total.wrong++
		case "noise":
			c.noise++
			total.noise++
		}
	}
	codes := make([]string, 0, len(per))
	for c := range per {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	precision := func(t tally) string {
		if t.findings == 0 {
			return "-"
		}
		return fmt.Sprintf("%.0f%%", 100*float64(t.right)/float64(t.findings))
	}
	var b strings.Builder
	b.WriteString("# Judged findings on testdata/ecosystem, per rule\n\n")
	b.WriteString("Generated from snapshot.txt and verdicts.tsv by `go test ./cmd/lakelint -run Ecosystem -update`;\n")
	b.WriteString("the test fails when it is out of date. Precision is right / findings.\n\n")
	b.WriteString("| rule | findings | right | wrong | noise | precision |\n|---|---|---|---|---|---|\n")
	for _, code := range codes {
		t := *per[code]
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %s |\n", code, t.findings, t.right, t.wrong, t.noise, precision(t))
	}
	fmt.Fprintf(&b, "| all | %d | %d | %d | %d | %s |\n", total.findings, total.right, total.wrong, total.noise, precision(total))
	return b.String()
}

func TestEcosystemVerdicts(t *testing.T) {
	findings := snapshotFindings(ecosystemSnapshot(t))
	data, err := os.ReadFile(filepath.Join(ecosystemDir, "verdicts.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	verdicts, problems := readVerdicts(string(data))
	for _, p := range problems {
		t.Error(p)
	}
	unjudged, stale := checkVerdicts(findings, verdicts)
	if len(unjudged) > 0 {
		t.Errorf("%d findings have no verdict; read each at its place and add to testdata/ecosystem/verdicts.tsv:\n%s",
			len(unjudged), strings.Join(withVerdictColumns(unjudged), "\n"))
	}
	if len(stale) > 0 {
		t.Errorf("%d verdicts judge findings lakelint no longer makes; remove them (a right one gone is lost recall):\n%s",
			len(stale), strings.Join(stale, "\n"))
	}

	summary := verdictSummary(findings, verdicts)
	path := filepath.Join(ecosystemDir, "summary.md")
	if *update {
		if err := os.WriteFile(path, []byte(summary), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/lakelint -run Ecosystem -update)", err)
	}
	if summary != string(want) {
		t.Errorf("testdata/ecosystem/summary.md is out of date; -update rewrites it:\n%s", lineDiff(string(want), summary))
	}
}

// withVerdictColumns makes unjudged findings ready to paste, with the
// verdict and reason left to fill in.
func withVerdictColumns(findings []string) []string {
	out := make([]string, len(findings))
	for i, f := range findings {
		out[i] = f + "\t?\t?"
	}
	return out
}

// The checks themselves, on a small made-up snapshot: a finding without a
// verdict, a verdict whose finding is gone, a bad verdict, and the tally.
func TestVerdictChecks(t *testing.T) {
	report := "3 findings\nLL102 2\nLL301 1\n\n" +
		"a/b/x.py:3:1: LL102 one\n" +
		"a/b/x.py:9:1: LL102 two\n" +
		"a/b/y.sql:1:1: LL301 three\n" +
		"\nnotes:\nlakelint: a/b: platform: databricks\n"
	findings := snapshotFindings(report)
	if len(findings) != 3 {
		t.Fatalf("findings = %q", findings)
	}
	verdicts, problems := readVerdicts("# comment\n" +
		"a/b/x.py:3:1: LL102 one\tright\treal\n" +
		"a/b/y.sql:1:1: LL301 three\tnoise\tmanaged table\n" +
		"a/b/z.py:1:1: LL202 gone\twrong\tfalse\n" +
		"a/b/x.py:3:1: LL102 one\tright\tagain\n" +
		"a/b/w.py:1:1: LL103 bad\tmaybe\t?\n" +
		"no reason\tright\n")
	if len(problems) != 3 {
		t.Errorf("problems = %q, want the duplicate, the bad verdict and the short line", problems)
	}
	unjudged, stale := checkVerdicts(findings, verdicts)
	if len(unjudged) != 1 || unjudged[0] != "a/b/x.py:9:1: LL102 two" {
		t.Errorf("unjudged = %q", unjudged)
	}
	if len(stale) != 1 || !strings.Contains(stale[0], "LL202 gone") {
		t.Errorf("stale = %q", stale)
	}
	summary := verdictSummary(findings, verdicts)
	for _, row := range []string{"| LL102 | 2 | 1 | 0 | 0 | 50% |", "| LL301 | 1 | 0 | 0 | 1 | 0% |", "| all | 3 | 1 | 0 | 1 | 33% |"} {
		if !strings.Contains(summary, row) {
			t.Errorf("summary lacks %q:\n%s", row, summary)
		}
	}
}
