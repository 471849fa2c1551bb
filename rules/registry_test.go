package rules_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/lakelint/lakelint/rules"
)

var update = flag.Bool("update", false, "rewrite docs/rules/*.md")

// TestRegistry fails on a rule without complete docs, a duplicate code or
// name, or a rule package without testdata.
func TestRegistry(t *testing.T) {
	codes, names := map[string]bool{}, map[string]bool{}
	for _, r := range rules.All() {
		d := r.Doc
		if err := d.Validate(); err != nil {
			t.Error(err)
		}
		if codes[d.Code] || names[d.Name] {
			t.Errorf("%s %s: duplicate code or name", d.Code, d.Name)
		}
		codes[d.Code], names[d.Name] = true, true
		if r.Analyzer.Name != d.Code {
			t.Errorf("%s: analyzer named %q", d.Code, r.Analyzer.Name)
		}
		dir := filepath.Join(lower(d.Code), "testdata")
		if entries, err := os.ReadDir(dir); err != nil || len(entries) == 0 {
			t.Errorf("%s: no testdata in rules/%s", d.Code, dir)
		}
	}
}

// TestDocsInSync keeps docs/rules/*.md equal to what `lakelint rule` prints.
func TestDocsInSync(t *testing.T) {
	for _, r := range rules.All() {
		path := filepath.Join("..", "docs", "rules", r.Doc.Code+".md")
		want := r.Doc.Markdown()
		if *update {
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != want {
			t.Errorf("%s is out of date: run go test ./rules -update", path)
		}
	}
}

func lower(code string) string {
	b := []byte(code)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
