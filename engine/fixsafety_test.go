package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

// SQL that a fix once damaged: every case must end with no change and a
// note saying why the fix was not applied.
func TestSQLFixesNeverDamageAFile(t *testing.T) {
	for name, src := range map[string]string{
		"unclosed.sql":   "CREATE TABLE t (id INT USING DELTA\n",
		"comment.sql":    "CREATE TABLE t (id INT) USING DELTA COMMENT 'unterminated\n",
		"clone.sql":      "CREATE TABLE t SHALLOW CLONE main.s.src LOCATION '/x';\n",
		"clone2.sql":     "CREATE TABLE IF NOT EXISTS t DEEP CLONE main.s.src;\n",
		"bigquery.sql":   "CREATE OR REPLACE TABLE taxi-rides-ny.nytaxi.t AS SELECT 1;\n",
		"hive.sql":       "CREATE TABLE h (a INT) USING DELTA ROW FORMAT DELIMITED FIELDS TERMINATED BY ',' NULL DEFINED AS '' STORED AS TEXTFILE;\n",
		"mysql.sql":      "CREATE TABLE m (id INT NOT NULL AUTO_INCREMENT, PRIMARY KEY (id)) ENGINE=InnoDB DEFAULT CHARSET=utf8;\n",
		"tsql.sql":       "CREATE TABLE [dbo].[t] ([id] INT NOT NULL) ON [PRIMARY];\n",
		"embedded.py":    "spark.sql(\"CREATE TABLE t (id INT USING DELTA\")\n",
		"embedded_c.py":  "spark.sql(\"CREATE TABLE t (id INT) USING DELTA COMMENT 'x\")\n",
		"notebook.py":    "# Databricks notebook source\n# MAGIC %sql\n# MAGIC CREATE TABLE t (id INT USING DELTA\n",
		"notebook_c.sql": "-- Databricks notebook source\nCREATE TABLE t (id INT) USING DELTA COMMENT 'x\n",
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			ossProject(t, dir)
			p := write(t, dir, name, src)
			l := newLinter(t)
			for run := 0; run < 2; run++ {
				res, err := l.Fix(context.Background(), []string{p}, true)
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range res.Changes {
					t.Fatalf("run %d changed the file:\n%s", run, c.New)
				}
				checked, err := l.Lint(context.Background(), []string{p})
				if err != nil {
					t.Fatal(err)
				}
				fixable := 0
				for _, f := range checked.Findings {
					if len(f.Fixes) > 0 {
						fixable++
						t.Errorf("check offers a fix: %s %s", f.Code, f.Message)
					}
				}
				// a rule may withhold its fix itself (LL301 on SQL it cannot
				// read whole); a fix the rule offered and the checks refused
				// must be explained
				if withheld(checked.Findings) && !hasNote(res.Remaining, "not offered") && !hasNote(res.Remaining, "not applied") {
					t.Errorf("no message about the fix not applied: %+v", res.Remaining.Notes)
				}
			}
		})
	}
}

// The fixes that do apply still apply, and the result parses strictly.
func TestSQLFixesStillApplyToGoodSQL(t *testing.T) {
	dir := t.TempDir()
	ossProject(t, dir)
	p := write(t, dir, "ok.sql", "CREATE TABLE h (a INT, ts TIMESTAMP) USING DELTA PARTITIONED BY (a) LOCATION '/x' COMMENT 'c';\nCREATE TABLE ok (id INT) USING DELTA;\n")
	res, err := newLinter(t).Fix(context.Background(), []string{p}, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Changes) != 1 || strings.Count(string(res.Changes[0].New), "TBLPROPERTIES") != 2 {
		t.Fatalf("changes = %+v", res.Changes)
	}
}

// A property one fix adds in one file switches LL101 on for a job in
// another: that finding, which the check did not report, is fixed in the
// same run and noted, so a second run changes nothing.
func TestFixAppliesWhatItsFixesBringAboutInTheSameRun(t *testing.T) {
	dir := t.TempDir()
	ossProject(t, dir)
	tp := write(t, dir, "tables.sql", "CREATE TABLE s.t (id BIGINT) USING DELTA;\n")
	jp := write(t, dir, "job.py", "df = spark.read.table(\"main.raw.x\")\ndf.repartition(8).write.mode(\"append\").saveAsTable(\"s.t\")\n")
	l := newLinter(t)
	checked, err := l.Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range checked.Findings {
		if f.Code == "LL101" {
			t.Fatalf("check already reports LL101: the case is not set up")
		}
	}
	res, err := l.Fix(context.Background(), []string{dir}, false)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, c := range res.Changes {
		got[c.Path] = string(c.New)
	}
	if !strings.Contains(got[tp], "delta.autoOptimize.optimizeWrite") || strings.Contains(got[jp], "repartition") || got[jp] == "" {
		t.Fatalf("want both files fixed in one run:\n%s\n%s", got[tp], got[jp])
	}
	if !hasNote(res.Remaining, "1 finding(s) appeared or became fixable only after other fixes and were fixed too") {
		t.Errorf("the LL101 fix the check did not show is not noted: %+v", res.Remaining.Notes)
	}
	again, err := l.FixSources(context.Background(), []engine.Source{{Path: tp, Data: []byte(got[tp])}, {Path: jp, Data: []byte(got[jp])}}, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range again.Changes {
		t.Errorf("a second run changes %s:\n%s", c.Path, c.New)
	}
}

// A finding brought about by another file's fix whose own fix the run may
// not apply (unsafe here, in a safe run) is shown and noted, not fixed; the
// second run, which may not apply it either, changes nothing.
func TestFixLeavesWhatItMayNotApply(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, ".lakelint.yaml", "platform: oss\nextend-unsafe-fixes: [LL101]\n")
	tp := write(t, dir, "tables.sql", "CREATE TABLE s.t (id BIGINT) USING DELTA;\n")
	job := "df = spark.read.table(\"main.raw.x\")\ndf.repartition(8).write.mode(\"append\").saveAsTable(\"s.t\")\n"
	jp := write(t, dir, "job.py", job)
	l := newLinter(t)
	res, err := l.Fix(context.Background(), []string{dir}, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Changes) != 1 || res.Changes[0].Path != tp {
		t.Fatalf("want tables.sql fixed alone, got %+v", res.Changes)
	}
	seen := false
	for _, f := range res.Remaining.Findings {
		seen = seen || f.Code == "LL101" && f.Path == jp
	}
	if !seen || !hasNote(res.Remaining, "appeared only after fixing and were not fixed") {
		t.Errorf("the new LL101 finding must be reported and noted: %+v", res.Remaining.Notes)
	}
	again, err := l.FixSources(context.Background(), []engine.Source{{Path: tp, Data: res.Changes[0].New}, {Path: jp, Data: []byte(job)}}, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Changes) > 0 {
		t.Errorf("a second run changes %s", again.Changes[0].Path)
	}
}

// check's fixable findings, --diff and --fix agree: each fixable finding is
// fixed, and nothing else is.
func TestFixableCountMatchesFixes(t *testing.T) {
	dir := t.TempDir()
	ossProject(t, dir)
	write(t, dir, "a.sql", "CREATE TABLE a (id INT) USING DELTA;\nCREATE TABLE b (id INT USING DELTA\n")
	write(t, dir, "b.sql", "CREATE TABLE c (id INT) USING DELTA COMMENT 'x';\nVACUUM c RETAIN 1 HOURS;\nCREATE TABLE d SHALLOW CLONE c;\n")
	l := newLinter(t)
	checked, err := l.Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	fixable := 0
	for _, f := range checked.Findings {
		if len(f.Fixes) > 0 {
			fixable++
		}
	}
	res, err := l.Fix(context.Background(), []string{dir}, true)
	if err != nil {
		t.Fatal(err)
	}
	fixed := 0
	for _, c := range res.Changes {
		fixed += c.Fixed
	}
	if fixable != 3 || fixed != fixable {
		t.Errorf("check says %d fixable, the fix run fixed %d (want 3 and 3)", fixable, fixed)
	}
	for _, f := range res.Remaining.Findings {
		if len(f.Fixes) > 0 {
			t.Errorf("still fixable after the run: %s:%d %s", f.Path, f.Start.Line, f.Code)
		}
	}
}

// a refused fix's warning survives the later passes of a multi-file run
func TestRefusedFixWarningsKeptInMultiFileRuns(t *testing.T) {
	dir := t.TempDir()
	ossProject(t, dir)
	write(t, dir, "a.sql", "CREATE TABLE a (id INT) USING DELTA;\nCREATE TABLE b (id INT) USING DELTA COMMENT 'a' COMMENT 'b';\n")
	write(t, dir, "b.sql", "CREATE TABLE c (id INT) USING DELTA;\nCREATE TABLE d (id INT) USING DELTA COMMENT 'x\n")
	res, err := newLinter(t).Fix(context.Background(), []string{dir}, true)
	if err != nil {
		t.Fatal(err)
	}
	per := map[string]int{}
	for _, n := range res.Remaining.Notes {
		if strings.Contains(n.Message, "not offered") {
			per[filepath.Base(n.Path)]++
		}
	}
	if per["a.sql"] != 1 || per["b.sql"] != 1 {
		t.Errorf("warnings per file = %v, want one each: %+v", per, res.Remaining.Notes)
	}
	if len(res.Changes) != 2 {
		t.Errorf("want both files fixed where they can be, got %d", len(res.Changes))
	}
}

// splitRule offers a fix whose edit splits the VACUUM keyword.
var splitRule = rule.New(&rule.Doc{
	Code: "LL996", Name: "test-split", Severity: finding.Warning, Summary: "s", Why: "w",
	Example: "e", Better: "b", Lang: "sql", Fix: rule.SafeFix, FixSafety: "test",
}, func(p *rule.Pass) {
	for _, m := range p.Facts.Maintenance {
		p.Report(m.At, "split token", rule.Fix{Title: "t", Edits: []facts.Edit{{Span: facts.Span{Start: m.At.Start + 2, End: m.At.Start + 2}, NewText: " "}}})
	}
})

// nameRule offers a fix whose edit lands between "main" and "." of the
// table name: no token is split, but the name is.
var nameRule = rule.New(&rule.Doc{
	Code: "LL994", Name: "test-name", Severity: finding.Warning, Summary: "s", Why: "w",
	Example: "e", Better: "b", Lang: "sql", Fix: rule.SafeFix, FixSafety: "test",
}, func(p *rule.Pass) {
	for _, m := range p.Facts.Maintenance {
		at := m.Target.Span.Start + len("main")
		p.Report(m.At, "split name", rule.Fix{Title: "n", Edits: []facts.Edit{{Span: facts.Span{Start: at, End: at}, NewText: " TBLPROPERTIES ('a' = 'b')"}}})
	}
})

// badSQLRule appends a clause VACUUM does not have: the fixed statement no
// longer parses strictly.
var badSQLRule = rule.New(&rule.Doc{
	Code: "LL995", Name: "test-bad-sql", Severity: finding.Warning, Summary: "s", Why: "w",
	Example: "e", Better: "b", Lang: "sql", Fix: rule.SafeFix, FixSafety: "test",
}, func(p *rule.Pass) {
	for _, m := range p.Facts.Maintenance {
		p.Report(m.At, "bad", rule.Fix{Title: "b", Edits: []facts.Edit{{Span: facts.Span{Start: m.At.End, End: m.At.End}, NewText: " COMMENT 'x'"}}})
	}
})

func TestEditsNeverSplitATokenOrName(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "a.sql", "VACUUM main.s.t RETAIN 200 HOURS;\n")
	for _, r := range []*rule.Rule{splitRule, nameRule, badSQLRule} {
		res, err := newLinter(t, r).Fix(context.Background(), []string{p}, true)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range res.Changes {
			t.Errorf("%s: applied:\n%s", r.Doc.Code, c.New)
		}
		if !hasNote(res.Remaining, "not offered") {
			t.Errorf("%s: no note: %+v", r.Doc.Code, res.Remaining.Notes)
		}
	}
}

// config fixable / unfixable / extend-safe-fixes / extend-unsafe-fixes
func TestFixConfig(t *testing.T) {
	const vacuum = "VACUUM main.s.t RETAIN 1 HOURS;\nCREATE TABLE s.u (id INT) USING DELTA;\n"
	for _, tc := range []struct {
		config string
		unsafe bool
		want   []string // codes fixed
	}{
		{"", false, []string{"LL301"}},
		{"", true, []string{"LL301", "LL401"}},
		{"extend-safe-fixes: [LL401]\n", false, []string{"LL301", "LL401"}},
		{"extend-unsafe-fixes: [LL3]\n", false, nil},
		{"unfixable: [LL301]\n", true, []string{"LL401"}},
		{"fixable: [LL4]\n", true, []string{"LL401"}},
		{"fixable: [LL]\nunfixable: [LL401]\n", true, []string{"LL301"}},
	} {
		dir := t.TempDir()
		write(t, dir, ".lakelint.yaml", "platform: oss\n"+tc.config)
		write(t, dir, "a.sql", vacuum)
		res, err := newLinter(t).Fix(context.Background(), []string{dir}, tc.unsafe)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range res.Changes {
			for code := range c.Codes {
				got = append(got, code)
			}
		}
		if strings.Join(sorted(got), ",") != strings.Join(tc.want, ",") {
			t.Errorf("config %q unsafe=%t: fixed %v, want %v", tc.config, tc.unsafe, got, tc.want)
		}
	}
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// --add-noqa in every host: afterwards nothing is reported, and a second run adds nothing
func TestAddNoqaEveryHost(t *testing.T) {
	dir := t.TempDir()
	hosts, err := filepath.Glob("testdata/hosts/*")
	if err != nil || len(hosts) == 0 {
		t.Fatal("no host fixtures", err)
	}
	for _, h := range hosts {
		data, err := os.ReadFile(h)
		if err != nil {
			t.Fatal(err)
		}
		write(t, dir, filepath.Base(h), string(data))
	}
	// a line that already has a noqa comment gets its codes merged
	merged := write(t, dir, "merge.py", "spark.conf.set(\"spark.sql.adaptive.enabled\", \"false\"); DeltaTable.forName(spark, \"t\").vacuum(1)  # noqa: LL999\n")
	l := newLinter(t)
	files, _ := l.Discover([]string{dir})
	var srcs []engine.Source
	for _, f := range files {
		srcs = append(srcs, engine.Source{Path: f})
	}
	res, err := l.AddNoqa(context.Background(), srcs)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Changes) != len(hosts)+1 {
		t.Errorf("changed %d files, want %d: %+v", len(res.Changes), len(hosts)+1, res.Remaining.Notes)
	}
	for _, c := range res.Changes {
		if err := engine.WriteFixed(c.Path, c.Old, c.New); err != nil {
			t.Fatal(err)
		}
		if filepath.Ext(c.Path) == ".py" && strings.Contains(string(c.New), "# MAGIC VACUUM") && !strings.Contains(string(c.New), "HOURS  -- noqa: LL401") {
			t.Errorf("%s: # MAGIC SQL line without a SQL noqa comment:\n%s", c.Path, c.New)
		}
	}
	if got, _ := os.ReadFile(merged); !strings.Contains(string(got), "# noqa: LL999, LL401, LL501\n") {
		t.Errorf("codes not merged: %s", got)
	}
	after, err := l.Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range after.Findings {
		t.Errorf("still reported after --add-noqa: %s:%d %s", f.Path, f.Start.Line, f.Code)
	}
	again, err := l.AddNoqa(context.Background(), srcsOf(files))
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Changes) != 0 {
		t.Errorf("a second --add-noqa changed %d files", len(again.Changes))
	}
}

func srcsOf(files []string) []engine.Source {
	var srcs []engine.Source
	for _, f := range files {
		srcs = append(srcs, engine.Source{Path: f})
	}
	return srcs
}

// withheld reports whether a finding lost the fix its rule offered.
func withheld(fs []finding.Finding) bool {
	for _, f := range fs {
		if f.NoFix != "" {
			return true
		}
	}
	return false
}

// ossProject says the project runs open-source Delta, where LL301 reports
// every new Delta table: the fix cases need a finding to fix.
func ossProject(t *testing.T, dir string) {
	t.Helper()
	write(t, dir, ".lakelint.yaml", "platform: oss\nextend-select: [LL301]\n")
}
