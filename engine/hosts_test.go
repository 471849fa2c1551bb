package engine_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/parsers"
	"github.com/lakelint/lakelint/rules/ll401"
	"github.com/lakelint/lakelint/rules/ll501"
	"github.com/lakelint/lakelint/rules/rule"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestPositionsInEveryHost pins line, column and UTF-16 character of findings
// in every kind of host: plain files, Databricks notebooks both ways, Jupyter
// pretty and minified, and each form of SQL embedded in a Python string. Each
// line of the golden shows the text found at the reported offset, so a wrong
// position is visible at a glance.
func TestPositionsInEveryHost(t *testing.T) {
	configs, err := config.NewResolver(config.ResolverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	l := engine.New(configs, engine.Options{Rules: []*rule.Rule{ll401.Rule, ll501.Rule}})
	res, err := l.Lint(context.Background(), []string{"testdata/hosts"})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	texts := map[string][]byte{}
	for _, f := range res.Findings {
		text, ok := texts[f.Path]
		if !ok {
			data, err := os.ReadFile(f.Path)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := parsers.Load(f.Path, data)
			if err != nil {
				t.Fatal(err)
			}
			text, texts[f.Path] = doc.Text, doc.Text
		}
		cell := ""
		if f.Cell > 0 {
			cell = fmt.Sprintf("cell %d:", f.Cell)
		}
		fmt.Fprintf(&b, "%s:%s%d:%d (char %d) %s %q\n", filepath.Base(f.Path), cell, f.Start.Line, f.Start.Column,
			f.Start.Character, f.Code, text[f.Start.Offset:f.End.Offset])
	}
	got := b.String()
	path := filepath.Join("testdata", "hosts.golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("positions differ:\n--- got\n%s--- want\n%s", got, want)
	}
}
