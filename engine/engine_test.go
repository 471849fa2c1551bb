package engine_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/ll401"
	"github.com/lakelint/lakelint/rules/rule"
)

func write(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// newLinter lints with rs (every rule when none), LL301 included though
// it is off by default: the engine's tests need findings to fix.
func newLinter(t *testing.T, rs ...*rule.Rule) *engine.Linter {
	t.Helper()
	configs, err := config.NewResolver(config.ResolverOptions{CommandLine: config.Selection{ExtendSelect: []string{"LL301"}}})
	if err != nil {
		t.Fatal(err)
	}
	return engine.New(configs, engine.Options{Rules: rs})
}

// settingRule reports every session setting, with a fix that rewrites its value.
var settingRule = rule.New(&rule.Doc{
	Code: "LL998", Name: "test-setting", Severity: finding.Warning, Summary: "s", Why: "w",
	Example: "e", Better: "b", Lang: "python", Fix: rule.SafeFix, FixSafety: "test",
}, func(p *rule.Pass) {
	for _, s := range p.Facts.Settings {
		p.Report(s.Span, "setting "+s.Key, rule.Fix{Title: "set", Edits: []facts.Edit{{Span: s.Value.Span, NewText: `"x"`}}})
	}
})

// breakingRule offers a fix that deletes a closing parenthesis.
var breakingRule = rule.New(&rule.Doc{
	Code: "LL997", Name: "test-breaking", Severity: finding.Warning, Summary: "s", Why: "w",
	Example: "e", Better: "b", Lang: "python", Fix: rule.SafeFix, FixSafety: "test",
}, func(p *rule.Pass) {
	for _, s := range p.Facts.Settings {
		p.Report(s.At, "breaks", rule.Fix{Title: "break", Edits: []facts.Edit{{Span: facts.Span{Start: s.Span.End - 1, End: s.Span.End}}}})
	}
})

const setting = `spark.conf.set("spark.sql.shuffle.partitions", "8")` + "\n"

func TestBadInputIsSkippedWithANote(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, ".lakelint.yaml", "max-file-size: 1KB\n")
	write(t, dir, "binary.py", "\x00\x01\x02"+setting)
	write(t, dir, "invalid.py", "x = 1\n\xff\xfe = 2\n"+setting)
	write(t, dir, "huge.py", strings.Repeat("# padding\n", 200)+setting)
	write(t, dir, "corrupt.ipynb", `{"cells": [`)
	write(t, dir, "old.ipynb", `{"nbformat": 3, "worksheets": []}`)
	write(t, dir, "empty.py", "")
	write(t, dir, "ok.py", setting)

	res, err := newLinter(t, settingRule).Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	notes := map[string]string{}
	for _, n := range res.Notes {
		notes[filepath.Base(n.Path)] = n.Message
		if n.Error {
			t.Errorf("bad input must not fail the run: %s", n)
		}
	}
	for name, want := range map[string]string{
		"binary.py":     "binary file",
		"invalid.py":    "not valid UTF-8 (line 2",
		"huge.py":       "size limit",
		"corrupt.ipynb": "skipped",
		"old.ipynb":     "skipped",
	} {
		if !strings.Contains(notes[name], want) {
			t.Errorf("%s: note %q, want it to mention %q", name, notes[name], want)
		}
	}
	if len(res.Findings) != 1 || filepath.Base(res.Findings[0].Path) != "ok.py" {
		t.Errorf("findings = %+v, want one in ok.py", res.Findings)
	}
}

func TestPositionsWithBOMCRLFAndNonASCII(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "bom.py", "\ufeff"+setting)
	write(t, dir, "crlf.py", "x = 1\r\n"+strings.ReplaceAll(setting, "\n", "\r\n"))
	// "é" is 2 bytes and 1 UTF-16 unit; "𝔼" is 4 bytes and 2 UTF-16 units
	write(t, dir, "wide.py", `label = "é𝔼"; `+setting)

	res, err := newLinter(t, settingRule).Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]finding.Position{}
	for _, f := range res.Findings {
		got[filepath.Base(f.Path)] = f.Start
	}
	want := map[string]finding.Position{
		"bom.py":  {Offset: 3, Line: 1, Column: 1, Character: 0},
		"crlf.py": {Offset: 7, Line: 2, Column: 1, Character: 0},
		"wide.py": {Offset: 18, Line: 1, Column: 15, Character: 15},
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: start = %+v, want %+v", name, got[name], w)
		}
	}
}

func TestFindingsAreSortedAndDeterministic(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"b.py", "a.py", "c/d.py"} {
		write(t, dir, name, setting+setting)
	}
	l := newLinter(t, settingRule)
	var first []string
	for i := 0; i < 3; i++ {
		res, err := l.Lint(context.Background(), []string{dir})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range res.Findings {
			got = append(got, filepath.ToSlash(strings.TrimPrefix(f.Path, dir))+":"+strconv.Itoa(f.Start.Line))
		}
		want := "/a.py:1 /a.py:2 /b.py:1 /b.py:2 /c/d.py:1 /c/d.py:2"
		if strings.Join(got, " ") != want {
			t.Fatalf("order = %v, want %s", got, want)
		}
		if first == nil {
			first = got
		}
	}
}

func TestFixConvergesAndNeverBreaksAFile(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "job.py", setting)
	res, err := newLinter(t, settingRule).Fix(context.Background(), []string{dir}, false)
	if err != nil {
		t.Fatal(err)
	}
	// the fix keeps offering itself (the value is a setting again): it is
	// withdrawn, with a note, instead of being applied pass after pass
	if len(res.Changes) != 0 {
		t.Fatalf("a fix whose finding stays was kept: %q", res.Changes[0].New)
	}
	if !hasNote(res.Remaining, "withdrawn") {
		t.Errorf("no note about the withdrawn fix: %+v", res.Remaining.Notes)
	}
	if on, _ := os.ReadFile(p); string(on) != setting {
		t.Error("Fix must not write files itself")
	}

	res, err = newLinter(t, breakingRule).Fix(context.Background(), []string{dir}, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Changes) != 0 {
		t.Fatalf("a fix that breaks the syntax was applied: %q", res.Changes[0].New)
	}
	refused := false
	for _, n := range res.Remaining.Notes {
		refused = refused || strings.Contains(n.Message, "would not parse")
	}
	if !refused {
		t.Errorf("no note about the refused fix: %+v", res.Remaining.Notes)
	}
}

func hasNote(res *engine.Result, part string) bool {
	for _, n := range res.Notes {
		if strings.Contains(n.Message, part) {
			return true
		}
	}
	return false
}

func TestLintSourcesFromMemory(t *testing.T) {
	res, err := newLinter(t, settingRule).LintSources(context.Background(),
		[]engine.Source{{Path: "stdin_name.py", Data: []byte(setting)}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 1 || res.Findings[0].Path != "stdin_name.py" {
		t.Fatalf("findings = %+v", res.Findings)
	}
}

func TestDiscoverHonoursGitignoreAndExcludes(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, ".gitignore", "generated/\n*.tmp.py\n")
	write(t, dir, "keep.py", "")
	write(t, dir, "generated/skip.py", "")
	write(t, dir, "x.tmp.py", "")
	write(t, dir, "notes.txt", "")
	write(t, dir, ".venv/lib.py", "")
	write(t, dir, "sql/a.sql", "")
	write(t, dir, "nb/b.ipynb", "{}")
	write(t, dir, "vendor/c.py", "")
	files, err := engine.Discover([]string{dir}, func(_, p string, isDir bool) bool { return filepath.Base(p) == "vendor" })
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files {
		got = append(got, filepath.ToSlash(strings.TrimPrefix(f, dir+string(filepath.Separator))))
	}
	if strings.Join(got, " ") != "keep.py nb/b.ipynb sql/a.sql" {
		t.Fatalf("discovered %v", got)
	}
}

func TestOneBadFixDoesNotHoldBackTheOthers(t *testing.T) {
	dir := t.TempDir()
	vacuum := "DeltaTable.forName(spark, 't').vacuum(1)\n"
	write(t, dir, "job.py", setting+vacuum)
	// breakingRule breaks the file at the setting; LL401's fix is fine alone
	res, err := newLinter(t, breakingRule, ll401.Rule).Fix(context.Background(), []string{dir}, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Changes) != 1 || !strings.Contains(string(res.Changes[0].New), "vacuum(168)") ||
		!strings.Contains(string(res.Changes[0].New), setting) {
		t.Fatalf("changes = %+v", res.Changes)
	}
}

// With Emit, findings come file by file in path order, as a run without it
// returns them, and the run keeps none of them.
func TestEmitStreamsFindingsInOrder(t *testing.T) {
	configs, err := config.NewResolver(config.ResolverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want, err := engine.New(configs, engine.Options{}).Lint(context.Background(), []string{"../examples"})
	if err != nil {
		t.Fatal(err)
	}
	var got []finding.Finding
	files := 0
	l := engine.New(configs, engine.Options{Emit: func(fs []finding.Finding) {
		files++
		for _, f := range fs {
			if f.Path != fs[0].Path {
				t.Errorf("one call holds %s and %s", fs[0].Path, f.Path)
			}
		}
		sort.SliceStable(fs, func(i, j int) bool { return finding.Less(&fs[i], &fs[j]) })
		got = append(got, fs...)
	}})
	res, err := l.Lint(context.Background(), []string{"../examples"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 0 || res.Found != want.Found || len(want.Findings) != want.Found {
		t.Errorf("kept %d findings, found %d, want %d", len(res.Findings), res.Found, want.Found)
	}
	if files < 3 || !reflect.DeepEqual(got, want.Findings) {
		t.Errorf("emitted %d findings in %d files, want the %d of a run without Emit, in the same order", len(got), files, len(want.Findings))
	}
}

// A project inside a directory whose name is a default exclude ("build",
// "dist": a CI checkout under /srv/build, say) is linted: name patterns
// match only below the directory named, and still skip its own build/.
func TestDiscoverIgnoresExcludedNamesAboveTheRoot(t *testing.T) {
	top := t.TempDir()
	proj := filepath.Join(top, "build", "proj")
	write(t, proj, "jobs/a.py", "")
	write(t, proj, "build/lib/b.py", "")
	write(t, proj, "dist/c.py", "")
	t.Chdir(top)
	configs, err := config.NewResolver(config.ResolverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, named := range []string{proj, filepath.Join("build", "proj")} {
		files, err := engine.New(configs, engine.Options{}).Discover([]string{named})
		if err != nil {
			t.Fatal(err)
		}
		if len(files) != 1 || filepath.Base(files[0]) != "a.py" {
			t.Errorf("%s: discovered %v, want jobs/a.py alone", named, files)
		}
	}
	excl, err := config.NewGlobs("", []string{"build"})
	if err != nil {
		t.Fatal(err)
	}
	files, _ := engine.New(configs, engine.Options{Exclude: excl}).Discover([]string{proj})
	if len(files) != 1 {
		t.Errorf("--exclude build: discovered %v, want jobs/a.py alone", files)
	}
}

// mixedRule's fixes differ by case: safe by default (its Doc), unsafe for
// shuffle settings, and none, with a reason, for executor settings.
var mixedRule = rule.New(&rule.Doc{
	Code: "LL996", Name: "test-mixed", Severity: finding.Warning, Summary: "s", Why: "w",
	Example: "e", Better: "b", Lang: "python", Fix: rule.SafeFix, FixSafety: "test",
}, func(p *rule.Pass) {
	for _, s := range p.Facts.Settings {
		if s.Value.Str == "x" {
			continue // fixed
		}
		fx := rule.Fix{Title: "set", Edits: []facts.Edit{{Span: s.Value.Span, NewText: `"x"`}}}
		switch {
		case strings.Contains(s.Key, "shuffle"):
			fx.Applicability = rule.UnsafeFix
		case strings.Contains(s.Key, "executor"):
			fx = rule.Unfixable("executors are not ours to set")
		}
		p.Report(s.Span, "setting "+s.Key, fx)
	}
})

// Safety is per fix: a rule may offer a safe fix in one case and an unsafe
// one in another, or say why it offers none; a safe fix run applies only
// the safe ones and notes the reason.
func TestFixSafetyPerFix(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "job.py", `spark.conf.set("spark.sql.shuffle.partitions", "8")
spark.conf.set("spark.sql.ansi.enabled", "true")
spark.conf.set("spark.executor.memory", "4g")
`)
	l := newLinter(t, mixedRule)
	res, err := l.Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range res.Findings {
		s := "none"
		if len(f.Fixes) == 1 {
			s = f.Fixes[0].Title + " " + string(f.Fixes[0].Applicability)
		}
		got[strings.TrimPrefix(f.Message, "setting ")] = s + " " + f.NoFix
	}
	want := map[string]string{
		"spark.sql.shuffle.partitions": "set unsafe ",
		"spark.sql.ansi.enabled":       "set safe ",
		"spark.executor.memory":        "none executors are not ours to set",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("fixes = %q, want %q", got, want)
	}
	fixed, err := l.Fix(context.Background(), []string{dir}, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(fixed.Changes) != 1 || fixed.Changes[0].Fixed != 1 || !strings.Contains(string(fixed.Changes[0].New), `"spark.sql.ansi.enabled", "x"`) {
		t.Fatalf("want only the safe fix applied: %+v", fixed.Changes)
	}
	if !strings.Contains(fmt.Sprint(fixed.Remaining.Notes), "LL996 fix at line 3 not offered: executors are not ours to set") {
		t.Errorf("no note for the fix not offered: %v (%s)", fixed.Remaining.Notes, p)
	}
}
