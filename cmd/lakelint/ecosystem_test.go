package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

// The ecosystem check (as ruff keeps one): real files from public repositories,
// copied at pinned commits (testdata/ecosystem/PROVENANCE.md), and a snapshot of
// every finding lakelint makes on them. Any change in what lakelint reports on
// real code shows up as a diff of testdata/ecosystem/snapshot.txt, to be read
// and judged; `go test ./cmd/lakelint -run Ecosystem -update` rewrites it.
const ecosystemDir = "../../testdata/ecosystem"

func TestEcosystemSnapshot(t *testing.T) {
	got := ecosystemSnapshot(t)
	path := filepath.Join(ecosystemDir, "snapshot.txt")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/lakelint -run Ecosystem -update)", err)
	}
	if got != string(want) {
		t.Errorf("findings on testdata/ecosystem changed; read the diff, judge every changed finding, then -update:\n%s",
			lineDiff(string(want), got))
	}
}

var (
	ecosystemOnce       sync.Once
	ecosystemReportText string
)

// ecosystemSnapshot lints the corpus once per test binary, since both the
// snapshot and the verdict checks need the same findings.
func ecosystemSnapshot(t *testing.T) string {
	t.Helper()
	ecosystemOnce.Do(func() {
		// each repository is a project of its own, as its users lint it: the
		// platform and the catalog come from its files alone
		var out, errOut strings.Builder
		for _, repo := range ecosystemRepos(t) {
			o, e, code := runCLI(t, "", "check", repo, "--exit-zero", "--no-cache", "--verbose")
			if code != exitClean {
				t.Fatalf("%s: exit %d, stderr:\n%s", repo, code, e)
			}
			out.WriteString(o)
			errOut.WriteString(e)
		}
		ecosystemReportText = ecosystemReport(out.String(), errOut.String())
	})
	if ecosystemReportText == "" {
		t.Fatal("the ecosystem run failed in an earlier test")
	}
	return ecosystemReportText
}

// ecosystemRepos lists the corpus's repositories (owner/name folders).
func ecosystemRepos(t *testing.T) []string {
	t.Helper()
	repos, err := filepath.Glob(filepath.Join(ecosystemDir, "*", "*"))
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, r := range repos {
		if info, err := os.Stat(r); err == nil && info.IsDir() {
			dirs = append(dirs, r)
		}
	}
	sort.Strings(dirs)
	return dirs
}

// ecosystemReport renders findings with paths relative to the corpus, a count
// per rule first (so the share of each rule is visible in review), and the
// notes about files that could not be linted last.
func ecosystemReport(out, errOut string) string {
	prefix := ecosystemDir + "/"
	// some notes name files by absolute path; the snapshot must not depend
	// on where the checkout lives
	if abs, err := filepath.Abs(ecosystemDir); err == nil {
		out = strings.ReplaceAll(out, abs+"/", prefix)
		errOut = strings.ReplaceAll(errOut, abs+"/", prefix)
	}
	// the corpus lies in lakelint's own checkout, whose root is a project
	// root (it holds .git): named by path, it is the checkout's
	if root, err := filepath.Abs(filepath.Join("..", "..")); err == nil {
		errOut = strings.ReplaceAll(errOut, " for "+root+" (", " for ../.. (")
	}
	var findings []string
	counts := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.HasPrefix(line, prefix) {
			continue // the summary lines
		}
		line = strings.ReplaceAll(line, prefix, "") // the finding's path, and paths its message names
		findings = append(findings, line)
		if code := findingCode(line); code != "" {
			counts[code]++
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d findings\n", len(findings))
	codes := make([]string, 0, len(counts))
	for c := range counts {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	for _, c := range codes {
		fmt.Fprintf(&b, "%s %d\n", c, counts[c])
	}
	b.WriteString("\n")
	for _, f := range findings {
		b.WriteString(f + "\n")
	}
	var notes []string
	for _, line := range strings.Split(strings.TrimSpace(errOut), "\n") {
		// the platform each project resolved to, and what was not read
		if strings.Contains(line, prefix) || strings.Contains(line, "platform:") {
			notes = append(notes, strings.ReplaceAll(line, prefix, ""))
		}
	}
	if len(notes) > 0 {
		sort.Strings(notes)
		b.WriteString("\nnotes:\n")
		for _, n := range notes {
			b.WriteString(n + "\n")
		}
	}
	return b.String()
}

// findingCode returns the LLnnn code of a text-format finding line.
func findingCode(line string) string {
	for _, f := range strings.Fields(line) {
		if len(f) == 5 && strings.HasPrefix(f, "LL") {
			return f
		}
	}
	return ""
}

// lineDiff lists the lines only one side has, enough to review a change.
func lineDiff(want, got string) string {
	in := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, l := range strings.Split(s, "\n") {
			m[l] = true
		}
		return m
	}
	w, g := in(want), in(got)
	var b strings.Builder
	for _, l := range strings.Split(want, "\n") {
		if !g[l] {
			b.WriteString("- " + l + "\n")
		}
	}
	for _, l := range strings.Split(got, "\n") {
		if !w[l] {
			b.WriteString("+ " + l + "\n")
		}
	}
	return b.String()
}

// Every fix lakelint offers on real code, safe and unsafe, leaves each changed
// file parsing as it did, and a second run changes nothing.
func TestEcosystemFixesConverge(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, ecosystemDir, dir)
	before := syntaxErrorsPerFile(t, dir)
	snapshot := readTree(t, dir)

	if _, errOut, code := runCLI(t, "", "check", dir, "--fix", "--unsafe-fixes", "--exit-zero", "--no-cache"); code != exitClean {
		t.Fatalf("--fix: exit %d\n%s", code, errOut)
	}
	fixed := readTree(t, dir)
	changed := 0
	for p, data := range fixed {
		if !bytes.Equal(data, snapshot[p]) {
			changed++
		}
	}
	t.Logf("%d of %d files changed by --fix --unsafe-fixes", changed, len(fixed))
	after := syntaxErrorsPerFile(t, dir)
	for p, n := range after {
		if n != before[p] {
			t.Errorf("%s: %d syntax errors before the fixes, %d after", p, before[p], n)
		}
	}

	if _, errOut, code := runCLI(t, "", "check", dir, "--fix", "--unsafe-fixes", "--exit-zero", "--no-cache"); code != exitClean {
		t.Fatalf("second --fix: exit %d\n%s", code, errOut)
	}
	for p, data := range readTree(t, dir) {
		if !bytes.Equal(data, fixed[p]) {
			t.Errorf("%s: a second fix run changed it again", p)
		}
	}
}

func syntaxErrorsPerFile(t *testing.T, dir string) map[string]int {
	t.Helper()
	out, errOut, code := runCLI(t, "", "check", dir, "--select", "LL000", "--exit-zero", "--no-cache")
	if code != exitClean {
		t.Fatalf("LL000 run: exit %d\n%s", code, errOut)
	}
	n := map[string]int{}
	for _, line := range strings.Split(out, "\n") {
		if i := strings.Index(line, ":"); i > 0 && strings.Contains(line, " LL000 ") {
			n[line[:i]]++
		}
	}
	return n
}

func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		files[p] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
