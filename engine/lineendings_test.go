package engine_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/engine"
)

// A file whose lines end in lone carriage returns, which Python and Spark
// take as line endings, lints as its LF version does: the same findings on
// the same lines, no syntax error, noqa comments and SQL comments ending
// where their line does. Its fixes keep its line endings.
func TestLoneCRLinesLintLikeLF(t *testing.T) {
	files := map[string]string{
		"job.py": "import x\n\ndf.coalesce(1).write.format(\"delta\").mode(\"append\").saveAsTable(\"main.a.b\")\n" +
			"DeltaTable.forName(spark, \"main.s.t\").vacuum(1)  # noqa: LL401\nDeltaTable.forName(spark, \"main.s.u\").vacuum(2)\n",
		"maint.sql": "VACUUM main.s.t RETAIN 1 HOURS;\n-- a comment\nVACUUM main.s.u RETAIN 2 HOURS; -- noqa: LL401\nVACUUM main.s.v RETAIN 3 HOURS;\n",
		"nb.py": "# Databricks notebook source\nx = 1\n\n# COMMAND ----------\n\n# MAGIC %sql\n# MAGIC VACUUM main.s.w RETAIN 4 HOURS\n\n# COMMAND ----------\n\n" +
			"DeltaTable.forName(spark, \"main.s.x\").vacuum(5)\n",
	}
	lint := func(dir string) []string {
		res, err := newLinter(t).Lint(context.Background(), []string{dir})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range res.Findings {
			got = append(got, fmt.Sprintf("%s:%d:%d-%d:%d %s", filepath.Base(f.Path), f.Start.Line, f.Start.Column, f.End.Line, f.End.Column, f.Code))
		}
		for _, n := range res.Notes {
			got = append(got, "note: "+n.String())
		}
		return got
	}
	lf, cr := t.TempDir(), t.TempDir()
	for name, text := range files {
		write(t, lf, name, text)
		write(t, cr, name, strings.ReplaceAll(text, "\n", "\r"))
	}
	want, got := lint(lf), lint(cr)
	if len(want) < 5 {
		t.Fatalf("the LF files have too few findings to compare: %v", want)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("lone CR files:\n%s\nLF files:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	fr, err := newLinter(t).Fix(context.Background(), []string{cr}, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(fr.Changes) != len(files) {
		t.Fatalf("fixed %d files, want %d: %+v", len(fr.Changes), len(files), fr.Remaining.Notes)
	}
	for _, c := range fr.Changes {
		if strings.Contains(string(c.New), "\n") || !strings.Contains(string(c.New), "168") {
			t.Errorf("%s fixed as %q: want its lone CRs kept and the fix applied", c.Path, c.New)
		}
		if _, err := os.Stat(c.Path); err != nil {
			t.Fatal(err)
		}
	}
	// a mixed file: its lone CR lines read as lines too
	write(t, cr, "mixed.sql", "VACUUM main.s.t RETAIN 1 HOURS;\r-- c\r\nVACUUM main.s.u RETAIN 2 HOURS;\n")
	res, err := newLinter(t).LintSources(context.Background(), []engine.Source{{Path: filepath.Join(cr, "mixed.sql")}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 2 || res.Findings[1].Start.Line != 3 {
		t.Errorf("mixed line endings: %+v", res.Findings)
	}
}
