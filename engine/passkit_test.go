package engine_test

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

// runsOf counts an analyzer's passes by file.
type runsOf struct {
	mu sync.Mutex
	n  map[string]int
}

func (r *runsOf) add(path string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.n == nil {
		r.n = map[string]int{}
	}
	r.n[path]++
}

// settingsAnalyzer is a shared answer: the file's settings keys, counted.
func settingsAnalyzer(runs *runsOf) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "settingkeys",
		Doc:        "the file's setting keys",
		Requires:   []*analysis.Analyzer{rule.Source},
		ResultType: reflect.TypeOf([]string(nil)),
		Run: func(p *analysis.Pass) (any, error) {
			in := p.ResultOf[rule.Source].(*rule.Input)
			runs.add(filepath.Base(in.Facts.Path))
			var keys []string
			for _, s := range in.Facts.Settings {
				keys = append(keys, s.Key)
			}
			p.Report(analysis.Diagnostic{Message: "a prerequisite's diagnostic is not the file's"})
			return keys, nil
		},
	}
}

func keysRule(code string, shared *analysis.Analyzer, seen *[]string, mu *sync.Mutex) *rule.Rule {
	return rule.New(&rule.Doc{
		Code: code, Name: "test-" + code, Severity: finding.Warning, Summary: "s", Why: "w",
		Example: "e", Better: "b", Lang: "python",
	}, func(p *rule.Pass) {
		mu.Lock()
		defer mu.Unlock()
		if p.Fset == nil || len(p.Files) != 0 || len(p.OtherFiles) != 1 || p.OtherFiles[0] != p.Facts.Path {
			*seen = append(*seen, "bad pass")
		}
		if len(p.ResultOf) != 3 { // Source, Tables and shared: no more
			*seen = append(*seen, "ResultOf holds more than the rule requires")
		}
		for _, k := range p.ResultOf[shared].([]string) {
			*seen = append(*seen, code+" "+k)
			p.Report(p.Facts.Settings[0].Span, code+" "+k)
		}
	}, shared)
}

func TestSharedAnalyzerRunsOncePerFileAndFeedsEveryRule(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.py", setting)
	write(t, dir, "b.py", setting+`spark.conf.set("spark.sql.adaptive.enabled", "true")`+"\n")
	var runs runsOf
	shared := settingsAnalyzer(&runs)
	var seen []string
	var mu sync.Mutex
	one, two := keysRule("LL991", shared, &seen, &mu), keysRule("LL992", shared, &seen, &mu)
	res, err := newLinter(t, one, two).Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if runs.n["a.py"] != 1 || runs.n["b.py"] != 1 || len(runs.n) != 2 {
		t.Errorf("shared analyzer runs = %v, want once per file", runs.n)
	}
	for _, s := range seen {
		if strings.HasPrefix(s, "bad") || strings.HasPrefix(s, "ResultOf") {
			t.Error(s)
		}
	}
	var got []string
	for _, f := range res.Findings {
		got = append(got, filepath.Base(f.Path)+": "+f.Message)
	}
	// rules in their order within a file (findings at one place in message
	// order); the prerequisite reports nothing
	want := []string{
		"a.py: LL991 spark.sql.shuffle.partitions", "a.py: LL992 spark.sql.shuffle.partitions",
		"b.py: LL991 spark.sql.adaptive.enabled", "b.py: LL991 spark.sql.shuffle.partitions",
		"b.py: LL992 spark.sql.adaptive.enabled", "b.py: LL992 spark.sql.shuffle.partitions",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestFailingPrerequisiteSkipsItsRulesOnlyAndIsNotedOnce(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.py", setting)
	broken := &analysis.Analyzer{
		Name: "broken", Doc: "panics", Requires: []*analysis.Analyzer{rule.Source},
		ResultType: reflect.TypeOf(""),
		Run:        func(*analysis.Pass) (any, error) { panic("boom") },
	}
	ran := 0
	doc := func(code string) *rule.Doc {
		return &rule.Doc{Code: code, Name: "test-" + code, Severity: finding.Warning, Summary: "s", Why: "w",
			Example: "e", Better: "b", Lang: "python"}
	}
	needs := func(code string) *rule.Rule { return rule.New(doc(code), func(*rule.Pass) { ran++ }, broken) }
	res, err := newLinter(t, needs("LL991"), settingRule, needs("LL992")).Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if ran != 0 {
		t.Errorf("%d rules ran after their prerequisite failed", ran)
	}
	if len(res.Findings) != 1 || res.Findings[0].Code != "LL998" {
		t.Errorf("findings = %+v, want the independent rule's", res.Findings)
	}
	if len(res.Notes) != 1 || !strings.Contains(res.Notes[0].Message, "internal error in broken: boom") || !res.Notes[0].Error {
		t.Errorf("notes = %+v, want the prerequisite's failure once", res.Notes)
	}
}

func TestRelatedPlaceInAnotherFileOfTheRun(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.py", setting)
	write(t, dir, "lib.py", "x = 1\ny = 2\n")
	lib := filepath.Join(dir, "lib.py")
	cite := rule.New(&rule.Doc{
		Code: "LL991", Name: "test-cite", Severity: finding.Warning, Summary: "s", Why: "w",
		Example: "e", Better: "b", Lang: "python",
	}, func(p *rule.Pass) {
		for _, s := range p.Facts.Settings {
			at := facts.Span{Start: 6, End: 7, File: facts.FileOf(lib)}
			p.ReportRelated(s.Span, "see "+p.PlaceOf(at)+"; here "+p.Place(s.Span.Start), []rule.Related{{At: at, Message: "y"}})
		}
	})
	res, err := newLinter(t, cite).Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 1 {
		t.Fatalf("findings = %+v", res.Findings)
	}
	f := res.Findings[0]
	if f.Message != "see line 2 of "+lib+"; here line 1" {
		t.Errorf("message %q", f.Message)
	}
	if len(f.Related) != 1 || f.Related[0].Path != lib || f.Related[0].Start.Line != 2 || f.Related[0].Start.Column != 1 {
		t.Errorf("related = %+v, want line 2 of lib.py", f.Related)
	}
}
