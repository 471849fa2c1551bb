// Package ruletest runs a rule over its testdata and checks inline
// expectations and fix goldens, the way analysistest does for Go analyzers.
//
// Every .py, .sql, .hql and .ipynb file below the directory is linted as one
// project (so catalog rules see tables defined in sibling files), with the
// nearest .lakelint.yaml applying as usual. A comment "# want: LL101" (or
// "-- want: LL101" in SQL) on a line expects a finding of that code starting
// on that line; several codes may follow, and a quoted regular expression
// after a code must match the message: `# want: LL101 "fights optimized"`.
// Every finding must be expected and every expectation met, in the
// settings files below the directory too (bundle YAML, spark-defaults.conf:
// see checkSettingsFiles), where no finding may offer a fix.
//
// A file with fixable findings must have a golden file (name + ".golden")
// holding the file after all of the rule's fixes, unsafe ones included; the
// fixed file must lint without those findings and a second pass must change
// nothing. Run tests with -update to rewrite goldens.
package ruletest

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/parsers"
	"github.com/lakelint/lakelint/rules/rule"
	"github.com/lakelint/lakelint/stats/source"
)

var update = flag.Bool("update", false, "rewrite fix golden files")

// expectation is one code expected on one line of a file.
type expectation struct {
	line int // 1-based line of the document text
	code string
	re   *regexp.Regexp
	met  bool
}

// Run checks rule r against the files below dir. Rules in also run beside
// it (a rule about suppressions needs findings to suppress); their findings
// must be expected too. Live table stats are attached the way `lakelint
// check` attaches them, from the stats settings (stats.file, stats.tables,
// stats.path-prefixes) of the config governing the testdata; testdata
// without such settings is linted from the code alone.
func Run(t *testing.T, r *rule.Rule, dir string, also ...*rule.Rule) {
	t.Helper()
	files, err := engine.Discover([]string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("%s: no test files", dir)
	}
	l := linter(t, append([]*rule.Rule{r}, also...))
	res, err := l.Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range res.Notes {
		if n.Error {
			t.Errorf("note: %s", n)
		}
	}
	byFile := map[string][]finding.Finding{}
	for _, f := range res.Findings {
		byFile[f.Path] = append(byFile[f.Path], f)
	}
	positives := 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := parsers.Load(path, data)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		lines := lineStarts(doc.Text)
		exps := expectations(t, path, doc.Text)
		positives += len(exps)
		for _, f := range byFile[path] {
			line := lineOf(lines, f.Start.Offset)
			if !meet(exps, line, f) {
				t.Errorf("%s:%d: unexpected %s: %s", path, line, f.Code, f.Message)
			}
		}
		for _, e := range exps {
			if !e.met {
				t.Errorf("%s:%d: expected %s was not reported", path, e.line, e.code)
			}
		}
		checkFix(t, l, dir, path, data, byFile[path], r.Doc.Code)
	}
	positives += checkSettingsFiles(t, dir, files, byFile)
	checkOtherFiles(t, l, dir, files, res.Findings, r.Doc.Code)
	if positives == 0 && r.Doc.Code != "LL001" {
		t.Errorf("%s: testdata has no positive case", r.Doc.Code)
	}
}

func linter(t *testing.T, rs []*rule.Rule) *engine.Linter {
	t.Helper()
	var codes []string
	for _, r := range rs {
		codes = append(codes, r.Doc.Code)
	}
	configs, err := config.NewResolver(config.ResolverOptions{
		CommandLine: config.Selection{Select: codes},
	})
	if err != nil {
		t.Fatal(err)
	}
	return engine.New(configs, engine.Options{
		Rules:  rs,
		Attach: source.NewAttacher(configs.For, source.Options{}).Attach,
	})
}

var wantRE = regexp.MustCompile(`(?:#|--)\s*want:\s*(.*)$`)
var itemRE = regexp.MustCompile(`(LL\d{3})(?:\s+"((?:[^"\\]|\\.)*)")?`)

// expectations reads want comments. A marker counts only in a comment: the
// "#" or "--" must not sit inside a quoted string on its line.
func expectations(t *testing.T, path string, text []byte) []*expectation {
	var out []*expectation
	for i, line := range strings.Split(string(text), "\n") {
		m := wantRE.FindStringSubmatchIndex(line)
		if m == nil || inString(line[:m[0]]) {
			continue
		}
		// the expectation ends where another comment starts ("# want: LL001 # noqa")
		items := line[m[2]:m[3]]
		if i := strings.Index(items, "#"); i >= 0 {
			items = items[:i]
		}
		if i := strings.Index(items, "--"); i >= 0 {
			items = items[:i]
		}
		for _, it := range itemRE.FindAllStringSubmatch(items, -1) {
			e := &expectation{line: i + 1, code: it[1]}
			if it[2] != "" {
				re, err := regexp.Compile(it[2])
				if err != nil {
					t.Fatalf("%s:%d: bad want pattern: %v", path, i+1, err)
				}
				e.re = re
			}
			out = append(out, e)
		}
	}
	return out
}

// checkSettingsFiles checks the findings and expectations of the files
// below dir that are not sources: settings files (bundle YAML, a
// spark-defaults.conf) whose settings rules report at their own lines, and
// any other file a finding is at. It returns the number of expectations.
//
// A spark-defaults.conf is a Java properties file, with comments only on
// lines of their own: a want comment line there expects its findings on
// the next line.
func checkSettingsFiles(t *testing.T, dir string, sources []string, byFile map[string][]finding.Finding) int {
	t.Helper()
	paths := map[string]bool{}
	for p := range byFile {
		paths[p] = true
	}
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			switch filepath.Ext(p) {
			case ".yml", ".yaml", ".conf":
				paths[p] = true
			}
		}
		return nil
	})
	for _, s := range sources {
		delete(paths, s)
	}
	var sorted []string
	for p := range paths {
		sorted = append(sorted, p)
	}
	sort.Strings(sorted)
	n := 0
	for _, path := range sorted {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%s: a finding is in a file that cannot be read: %v", path, err)
			continue
		}
		exps := expectations(t, path, data)
		if filepath.Ext(path) == ".conf" {
			for _, e := range exps {
				e.line++ // a comment line's want is the next line's
			}
		}
		n += len(exps)
		lines := lineStarts(data)
		for _, f := range byFile[path] {
			line := lineOf(lines, f.Start.Offset)
			if !meet(exps, line, f) {
				t.Errorf("%s:%d: unexpected %s: %s", path, line, f.Code, f.Message)
			}
			if len(f.Fixes) > 0 {
				t.Errorf("%s:%d: %s offers a fix in a settings file", path, line, f.Code)
			}
		}
		for _, e := range exps {
			if !e.met {
				t.Errorf("%s:%d: expected %s was not reported", path, e.line, e.code)
			}
		}
	}
	return n
}

// inString reports whether the end of prefix is inside a quoted string.
func inString(prefix string) bool {
	var quote byte
	for i := 0; i < len(prefix); i++ {
		c := prefix[i]
		switch {
		case quote != 0 && c == '\\':
			i++
		case quote != 0 && c == quote:
			quote = 0
		case quote == 0 && (c == '"' || c == '\''):
			quote = c
		}
	}
	return quote != 0
}

func meet(exps []*expectation, line int, f finding.Finding) bool {
	for _, e := range exps {
		if !e.met && e.line == line && e.code == f.Code && (e.re == nil || e.re.MatchString(f.Message)) {
			e.met = true
			return true
		}
	}
	return false
}

func lineStarts(text []byte) []int {
	starts := []int{0}
	for i, b := range text {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

func lineOf(starts []int, off int) int {
	return sort.Search(len(starts), func(i int) bool { return starts[i] > off })
}

// checkFix compares the fixed file with its golden and checks convergence.
func checkFix(t *testing.T, l *engine.Linter, root, path string, data []byte, fs []finding.Finding, code string) {
	t.Helper()
	golden := path + ".golden"
	fixable := false
	for _, f := range fs {
		for _, fx := range f.Fixes {
			fixable = fixable || ownEdits(fx) // a fix all in another file: checkOtherFiles
		}
	}
	want, err := os.ReadFile(golden)
	if !fixable {
		if err == nil {
			t.Errorf("%s: golden file exists but no finding has a fix", golden)
		}
		return
	}
	// fix the whole project, as it was linted (a finding may come from a
	// call in another directory), but keep only this file's result
	res, ferr := l.Fix(context.Background(), []string{root}, true)
	if ferr != nil {
		t.Fatal(ferr)
	}
	got := data
	for _, c := range res.Changes {
		if c.Path == path {
			got = c.New
		}
	}
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err != nil {
		t.Errorf("%s has fixable findings but no golden file (run with -update)", path)
		return
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s: fixed file differs from golden:\n%s", path, diffText(want, got))
	}
	// the fixed text must parse, lint clean of fixable findings and be a fixed point
	if _, err := parsers.Load(path, got); err != nil {
		t.Errorf("%s: fixed file does not load: %v", path, err)
	}
	// second pass over the same project, with this file fixed
	siblings, err := engine.Discover([]string{root}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var srcs []engine.Source
	for _, p := range siblings {
		s := engine.Source{Path: p}
		if p == path {
			s.Data = got
		}
		srcs = append(srcs, s)
	}
	again, err := l.FixSources(context.Background(), srcs, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range again.Changes {
		if c.Path == path {
			t.Errorf("%s: a second fix pass changes the file again:\n%s", path, diffText(got, c.New))
		}
	}
	for _, f := range again.Remaining.Findings {
		if f.Path == path && f.Code == code && len(f.Fixes) > 0 {
			t.Errorf("%s:%d: fixed file still reports %s: %s", path, f.Start.Line, f.Code, f.Message)
		}
	}
}

// ownEdits reports whether a fix edits its finding's own file.
func ownEdits(fx finding.Fix) bool {
	for _, e := range fx.Edits {
		if !e.Foreign() {
			return true
		}
	}
	return false
}

// checkOtherFiles checks the fixes that edit files that are no sources (a
// dbt project's YAML): each such file, fixed, must equal its golden (name +
// ".golden"), every such golden must be a file the fixes change, and a
// copy of the project with the fixed files on disk must lint without the
// findings fixed and give no fix at all (the run converges).
func checkOtherFiles(t *testing.T, l *engine.Linter, root string, sources []string, fs []finding.Finding, code string) {
	t.Helper()
	isSource := map[string]bool{}
	for _, p := range sources {
		isSource[p] = true
	}
	var goldens []string
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".golden") && !isSource[strings.TrimSuffix(p, ".golden")] {
			goldens = append(goldens, p)
		}
		return nil
	})
	foreign := false
	for _, f := range fs {
		for _, fx := range f.Fixes {
			foreign = foreign || fx.Foreign()
		}
	}
	if !foreign {
		for _, g := range goldens {
			t.Errorf("%s: golden file exists but no fix edits %s", g, strings.TrimSuffix(g, ".golden"))
		}
		return
	}
	res, err := l.Fix(context.Background(), []string{root}, true)
	if err != nil {
		t.Fatal(err)
	}
	fixed := map[string][]byte{}
	for _, c := range res.Changes {
		if !isSource[c.Path] {
			fixed[c.Path] = c.New
		}
	}
	for _, g := range goldens {
		if _, ok := fixed[strings.TrimSuffix(g, ".golden")]; !ok && !*update {
			t.Errorf("%s: golden file exists but no fix changes %s", g, strings.TrimSuffix(g, ".golden"))
		}
	}
	for p, got := range fixed {
		if *update {
			if err := os.WriteFile(p+".golden", got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(p + ".golden")
		if err != nil {
			t.Errorf("%s is changed by fixes but has no golden file (run with -update)", p)
		} else if !bytes.Equal(got, want) {
			t.Errorf("%s: fixed file differs from golden:\n%s", p, diffText(want, got))
		}
	}
	// the project, fixed, on disk: nothing more to fix, nothing fixed reported
	copyRoot := filepath.Join(t.TempDir(), "project")
	copyTree(t, root, copyRoot)
	rel := func(p string) string {
		r, err := filepath.Rel(root, p)
		if err != nil {
			t.Fatal(err)
		}
		return filepath.Join(copyRoot, r)
	}
	for _, c := range res.Changes {
		if err := os.WriteFile(rel(c.Path), c.New, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	again, err := l.Fix(context.Background(), []string{copyRoot}, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range again.Changes {
		t.Errorf("%s: a second fix pass changes the file again:\n%s", c.Path, diffText(c.Old, c.New))
	}
	for _, f := range again.Remaining.Findings {
		for _, fx := range f.Fixes {
			if f.Code == code && fx.Foreign() {
				t.Errorf("%s:%d: fixed project still reports %s with a fix: %s", f.Path, f.Start.Line, f.Code, f.Message)
			}
		}
	}
}

// copyTree copies the files below src to dst, goldens left out.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		r, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, r)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		if strings.HasSuffix(p, ".golden") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func diffText(want, got []byte) string {
	return fmt.Sprintf("--- want\n%s\n--- got\n%s", want, got)
}
