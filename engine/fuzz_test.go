package engine_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/extract"
	"github.com/lakelint/lakelint/fixer"
	"github.com/lakelint/lakelint/parsers"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/sql"
)

var fuzzKinds = []string{".py", ".sql", ".ipynb"}

// fuzzSeeds are every host's test files (rules, parsers, engine) and SQL
// that once broke the fixer.
func fuzzSeeds(f *testing.F) {
	for _, s := range []string{
		"spark.conf.set('spark.databricks.delta.optimizeWrite.enabled', 'true')\ndf.repartition(8).write.saveAsTable('a.b.c')\n",
		"DeltaTable.forName(spark, 't').vacuum(1)\nspark.sql(f\"VACUUM t RETAIN {H} HOURS\")\n",
		"# Databricks notebook source\n# MAGIC %sql\n# MAGIC CREATE TABLE t (x INT)\n",
	} {
		f.Add(s, uint8(0))
	}
	for _, s := range []string{
		"CREATE TABLE a.b.c (id INT) PARTITIONED BY (user_id);\nVACUUM a.b.c RETAIN 1 HOURS;\n",
		"CREATE TABLE t (id INT USING DELTA\n",
		"CREATE TABLE t (id INT) USING DELTA COMMENT 'never ends\n",
		"CREATE TABLE t SHALLOW CLONE s LOCATION '/x';\n",
		"CREATE OR REPLACE TABLE taxi-rides-ny.nytaxi.t AS SELECT 1;\n",
		"CREATE TABLE h (a INT) USING DELTA ROW FORMAT DELIMITED NULL DEFINED AS '' STORED AS TEXTFILE;\n",
		"CREATE TABLE m (id INT) ENGINE=InnoDB;\nCREATE TABLE dbo.t (id INT) WITH (DISTRIBUTION = HASH(id));\n",
		"CREATE TABLE ok (id INT) USING DELTA TBLPROPERTIES ('a' = 'b') COMMENT 'c';\n",
	} {
		f.Add(s, uint8(1))
	}
	f.Add(`{"cells":[{"cell_type":"code","source":["df.coalesce(1).write.saveAsTable('t')"]}],"nbformat":4,"metadata":{}}`, uint8(2))
	var files []string
	for _, glob := range []string{"testdata/hosts/*", "../rules/*/testdata/*", "../rules/*/testdata/*/*", "../parsers/testdata/*", "../parsers/sql/testdata/corpus/*"} {
		m, _ := filepath.Glob(glob)
		files = append(files, m...)
	}
	for _, p := range files {
		k := -1
		for i, ext := range fuzzKinds {
			if filepath.Ext(p) == ext {
				k = i
			}
		}
		if k < 0 {
			continue // goldens, stats, configs
		}
		data, err := os.ReadFile(p)
		if err == nil && len(data) < 64<<10 {
			f.Add(string(data), uint8(k))
		}
	}
}

// FuzzLintAndFix runs the whole pipeline, every rule and the fixer, on
// arbitrary bytes under each file kind. It must never panic or hang, and a
// fix run must leave a file that loads; every SQL statement of it that does
// not parse strictly must have been in the original, unchanged; no byte
// outside an edit may change; and a second run changes nothing unless the
// first said findings appeared only after its fixes.
func FuzzLintAndFix(f *testing.F) {
	fuzzSeeds(f)
	configs, err := config.NewResolver(config.ResolverOptions{})
	if err != nil {
		f.Fatal(err)
	}
	l := engine.New(configs, engine.Options{})
	f.Fuzz(func(t *testing.T, src string, kind uint8) {
		name := "fuzz" + fuzzKinds[int(kind)%len(fuzzKinds)]
		timer := time.AfterFunc(20*time.Second, func() {
			panic(fmt.Sprintf("hang on %s: %q", name, src))
		})
		defer timer.Stop()
		data := []byte(src)
		for run := 0; run < 4; run++ {
			res, err := l.FixSources(context.Background(), []engine.Source{{Path: name, Data: data}}, true)
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range res.Remaining.Notes {
				if n.Error {
					t.Fatalf("error note: %s", n)
				}
			}
			if len(res.Changes) == 0 {
				return
			}
			if run == 3 {
				t.Fatalf("run %d still changes the file:\n%s\n->\n%s", run+1, data, res.Changes[0].New)
			}
			c := res.Changes[0]
			checkChange(t, name, c)
			if run == 0 && !appearedAfterFixing(res) {
				again, err := l.FixSources(context.Background(), []engine.Source{{Path: name, Data: c.New}}, true)
				if err != nil {
					t.Fatal(err)
				}
				if len(again.Changes) > 0 {
					t.Fatalf("a second run changes the file again:\n%s\n->\n%s", c.New, again.Changes[0].New)
				}
				return
			}
			data = c.New
		}
	})
}

func appearedAfterFixing(res *engine.FixResult) bool {
	for _, n := range res.Remaining.Notes {
		if strings.Contains(n.Message, "appeared only after fixing") {
			return true
		}
	}
	return false
}

// checkChange checks one fixed file against its original.
func checkChange(t *testing.T, name string, c engine.Change) {
	t.Helper()
	before, err := parsers.Load(name, c.Old)
	if err != nil {
		t.Fatalf("the original does not load: %v", err)
	}
	after, err := parsers.Load(name, c.New)
	if err != nil {
		t.Fatalf("a fix left a file that does not load: %v\n%s", err, c.New)
	}
	// no byte outside an edit changes
	text := before.Text
	for _, pass := range c.Edits {
		text = applyEdits(t, text, pass)
	}
	if !bytes.Equal(text, after.Text) {
		t.Fatalf("bytes outside the edits changed:\nedited: %q\nfile:   %q", text, after.Text)
	}
	// SQL parses strictly wherever it did
	broken := map[string]int{}
	for _, s := range strictFailures(before) {
		broken[s]++
	}
	for _, s := range strictFailures(after) {
		if broken[s] == 0 {
			t.Fatalf("a fix left SQL that does not parse strictly: %q\nfile:\n%s", s, c.New)
		}
		broken[s]--
	}
}

func strictFailures(doc *document.Document) []string {
	var out []string
	for _, r := range extract.SQLRegions(doc) {
		s := sql.Parse(r.Text)
		for _, st := range s.Statements {
			if sql.Strict(r.Text, st) != nil {
				h := st.Header()
				out = append(out, string(r.Text[h.Span.Start:h.Span.End]))
			}
		}
	}
	return out
}

func applyEdits(t *testing.T, text []byte, edits []fixer.Edit) []byte {
	t.Helper()
	sorted := append([]fixer.Edit(nil), edits...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Start < sorted[j].Start })
	var out []byte
	last := 0
	for _, e := range sorted {
		if e.Start < last || e.End > len(text) || e.End < e.Start {
			t.Fatalf("bad edit %+v in a text of %d bytes", e, len(text))
		}
		out = append(out, text[last:e.Start]...)
		out = append(out, e.New...)
		last = e.End
	}
	return append(out, text[last:]...)
}
