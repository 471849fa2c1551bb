package sqlfacts

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
)

func TestMaintenance(t *testing.T) {
	doc, r := plain("OPTIMIZE main.s.events WHERE event_date >= current_date() - INTERVAL 2 DAYS AND `region` = 'EU' ZORDER BY (user_id, ts);\n" +
		"VACUUM delta.`/mnt/events` RETAIN 24 HOURS DRY RUN;\nVACUUM main.s.events")
	f := Extract(r)
	if len(f.Maintenance) != 3 {
		t.Fatalf("%d maintenance statements", len(f.Maintenance))
	}
	o := f.Maintenance[0]
	if o.Kind != facts.Optimize || o.Target.Table != "main.s.events" || cover(t, doc, o.At) != "OPTIMIZE" || o.Lang != document.SQL {
		t.Errorf("optimize %+v", o)
	}
	var where, zorder []string
	for _, c := range o.WhereColumns {
		where = append(where, c.Name+"@"+cover(t, doc, c.Span))
	}
	for _, c := range o.ZOrderBy {
		zorder = append(zorder, c.Name+"@"+cover(t, doc, c.Span))
	}
	if !reflect.DeepEqual(where, []string{"event_date@event_date", "region@`region`"}) || !reflect.DeepEqual(zorder, []string{"user_id@user_id", "ts@ts"}) {
		t.Errorf("where %q zorder %q", where, zorder)
	}
	v := f.Maintenance[1]
	if v.Kind != facts.Vacuum || v.Target.Path != "/mnt/events" || !v.HasRetain || v.Retain.Int != 24 || !v.DryRun {
		t.Errorf("vacuum %+v", v)
	}
	if cover(t, doc, v.Retain.Span) != "24" || cover(t, doc, v.Target.Span) != "delta.`/mnt/events`" {
		t.Errorf("vacuum spans: retain %q target %q", cover(t, doc, v.Retain.Span), cover(t, doc, v.Target.Span))
	}
	if w := f.Maintenance[2]; w.HasRetain || w.DryRun {
		t.Errorf("plain vacuum %+v", w)
	}

	// SQL built with Python format placeholders
	doc, r = plain("OPTIMIZE {table} WHERE day >= '{start}' ZORDER BY ({col}, id)")
	o = Extract(r).Maintenance[0]
	if o.Target.Table != "{table}" || len(o.ZOrderBy) != 2 || o.ZOrderBy[0].Name != "" || cover(t, doc, o.ZOrderBy[0].Span) != "{col}" || o.ZOrderBy[1].Name != "id" {
		t.Errorf("placeholders: %+v", o)
	}
}

func TestSettings(t *testing.T) {
	doc, r := plain("SET spark.Databricks.Delta.optimizeWrite.enabled = true;\nSET spark.sql.shuffle.partitions=8;\n" +
		"SET spark.sql.session.timeZone = America/New_York;\nSET k = ${v};\nSET;\nSET -v;\nSET spark.sql.x")
	f := Extract(r)
	var got []string
	for _, s := range f.Settings {
		if s.Via != "SET" || s.Lang != document.SQL || cover(t, doc, s.At) != "SET" {
			t.Errorf("setting %+v", s)
		}
		got = append(got, s.Key+"="+s.Value.Text()+"@"+cover(t, doc, s.Value.Span))
	}
	want := []string{
		"spark.Databricks.Delta.optimizeWrite.enabled=true@true",
		"spark.sql.shuffle.partitions=8@8",
		"spark.sql.session.timeZone=America/New_York@America/New_York",
		"k=@${v}",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("settings %q, want %q", got, want)
	}
	if f.Settings[3].Value.Known() {
		t.Errorf("a variable is no known value: %+v", f.Settings[3].Value)
	}
	if s, ok := f.SettingBefore("spark.sql.shuffle.partitions", len(doc)); !ok || s.Value.Int != 8 {
		t.Errorf("SettingBefore: %+v", s)
	}
}

func TestSuppressions(t *testing.T) {
	tests := []struct {
		comment   string
		ok        bool
		codes     []string
		fileLevel bool
	}{
		{"-- noqa", true, nil, false},
		{"--noqa", true, nil, false},
		{"-- NOQA: LL101", true, []string{"LL101"}, false},
		{"-- noqa: LL101, ll102 because", true, []string{"LL101", "LL102"}, false},
		{"-- noqa:LL101,LL102", true, []string{"LL101", "LL102"}, false},
		{"-- lakelint: noqa", true, nil, true},
		{"-- lakelint: noqa: LL301", true, []string{"LL301"}, true},
		{"-- small files are fine here -- noqa: LL104", true, []string{"LL104"}, false},
		{"-- this table has noqa issues", false, nil, false},
		{"-- noqaX", false, nil, false},
		{"/* noqa */", false, nil, false},
	}
	for _, tt := range tests {
		doc, r := plain("SELECT 1 " + tt.comment + "\n")
		f := Extract(r)
		if !tt.ok {
			if len(f.Suppressions) != 0 {
				t.Errorf("%q: unexpected %+v", tt.comment, f.Suppressions)
			}
			continue
		}
		if len(f.Suppressions) != 1 {
			t.Errorf("%q: %d suppressions", tt.comment, len(f.Suppressions))
			continue
		}
		s := f.Suppressions[0]
		if !reflect.DeepEqual(s.Codes, tt.codes) || s.FileLevel != tt.fileLevel || cover(t, doc, s.Span) != tt.comment {
			t.Errorf("%q: %+v covering %q", tt.comment, s, cover(t, doc, s.Span))
		}
	}
}

func TestUnreadAndSkipped(t *testing.T) {
	_, r := plain("SELECT 1; CREATE VIEW v AS SELECT 1; INSERT INTO t; OPTIMIZE; GRANT SELECT ON t TO u; VACUUM t")
	f := Extract(r)
	if f.UnreadSQL != 2 || len(f.Maintenance) != 1 || len(f.Writes) != 0 || len(f.Tables) != 0 {
		t.Errorf("unread %d, maintenance %d, writes %d, tables %d", f.UnreadSQL, len(f.Maintenance), len(f.Writes), len(f.Tables))
	}
}

// TestMappedRegions checks that spans and edits land on document text when
// the region is no identity copy of it.
func TestMappedRegions(t *testing.T) {
	t.Run("offset in a larger document", func(t *testing.T) {
		sql := "OPTIMIZE t ZORDER BY (a)"
		doc := "-- header\n" + sql
		r := &document.Region{Lang: document.SQL, Text: []byte(sql), Map: document.Identity(10, len(sql))}
		m := Extract(r).Maintenance[0]
		if cover(t, doc, m.At) != "OPTIMIZE" || cover(t, doc, m.ZOrderBy[0].Span) != "a" {
			t.Errorf("at %q zorder %q", cover(t, doc, m.At), cover(t, doc, m.ZOrderBy[0].Span))
		}
	})
	t.Run("python string with an escape", func(t *testing.T) {
		doc, r := pyString("INSERT INTO main.s.t", "SELECT /*+ COALESCE(1) */ *", "FROM s -- noqa: LL101")
		f := Extract(r)
		w := f.Writes[0]
		if cover(t, doc, w.At) != "INSERT" || cover(t, doc, w.Target.Span) != "main.s.t" {
			t.Errorf("at %q target %q", cover(t, doc, w.At), cover(t, doc, w.Target.Span))
		}
		if got := cover(t, doc, w.Span); got != `INSERT INTO main.s.t\nSELECT /*+ COALESCE(1) */ *\nFROM s` {
			t.Errorf("write span covers %q", got)
		}
		tr := w.Transforms[0]
		if cover(t, doc, tr.Span) != "COALESCE(1)" || cover(t, doc, tr.NumPartitions.Span) != "1" {
			t.Errorf("hint %q count %q", cover(t, doc, tr.Span), cover(t, doc, tr.NumPartitions.Span))
		}
		want := `df = spark.sql("INSERT INTO main.s.t\nSELECT *\nFROM s -- noqa: LL101")` + "\n"
		if got := apply(t, doc, tr.Removal); got != want {
			t.Errorf("after removal %q, want %q", got, want)
		}
		if s := f.Suppressions; len(s) != 1 || cover(t, doc, s[0].Span) != "-- noqa: LL101" {
			t.Errorf("suppressions %+v", s)
		}
	})
	t.Run("a removal keeps an escaped line break", func(t *testing.T) {
		doc, r := pyString("INSERT INTO t SELECT", "/*+ COALESCE(1) */", "* FROM s")
		tr := Extract(r).Writes[0].Transforms[0]
		want := `df = spark.sql("INSERT INTO t SELECT\n\n* FROM s")` + "\n"
		if got := apply(t, doc, tr.Removal); got != want {
			t.Errorf("after removal %q, want %q", got, want)
		}
	})
	t.Run("a removal takes an escape inside it along", func(t *testing.T) {
		doc, r := pyString("INSERT INTO t SELECT /*+ REPARTITION(4,", "c) */ * FROM s")
		tr := Extract(r).Writes[0].Transforms[0]
		want := `df = spark.sql("INSERT INTO t SELECT * FROM s")` + "\n"
		if got := apply(t, doc, tr.Removal); got != want {
			t.Errorf("after removal %q, want %q", got, want)
		}
	})
	t.Run("notebook cell", func(t *testing.T) {
		doc, r := magicCell("INSERT INTO t", "SELECT /*+ REPARTITION(4,", "  c) */ *", "FROM s")
		w := Extract(r).Writes[0]
		tr := w.Transforms[0]
		if got := cover(t, doc, tr.Span); got != "REPARTITION(4,\n# MAGIC   c)" {
			t.Errorf("hint span covers %q", got)
		}
		if got := cover(t, doc, tr.Columns[0].Span); got != "c" {
			t.Errorf("column covers %q", got)
		}
		if len(tr.Removal) != 2 {
			t.Fatalf("removal of a hint over two lines should be cut at the prefix: %+v", tr.Removal)
		}
		want := "# Databricks notebook source\nx = 1\n\n# COMMAND ----------\n\n# MAGIC %sql\n" +
			"# MAGIC INSERT INTO t\n# MAGIC SELECT \n# MAGIC *\n# MAGIC FROM s\n"
		if got := apply(t, doc, tr.Removal); got != want {
			t.Errorf("after removal:\n%s\nwant:\n%s", got, want)
		}
	})
}

func TestLargeRegionsStayFast(t *testing.T) {
	one := "CREATE TABLE t (a INT) TBLPROPERTIES ('a' = 1) AS SELECT 1; INSERT INTO t SELECT /*+ COALESCE(1) */ * FROM s; "
	inputs := map[string]string{
		"one long line":  strings.Repeat(one, 3000),
		"many lines":     strings.Repeat(strings.ReplaceAll(one, " ", "\n"), 3000),
		"noqa comments":  strings.Repeat("-- noqa: LL101, LL102\n", 20000),
		"unclosed lists": strings.Repeat("CREATE TABLE t TBLPROPERTIES ('a' = 1;", 5000),
	}
	for name, in := range inputs {
		start := time.Now()
		_, r := plain(in)
		Extract(r)
		doc, r := magicCell(strings.Split(in, "\n")...)
		checkFacts(t, len(doc), Extract(r))
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("%s: %v", name, d)
		}
	}
}

// BenchmarkExtract extracts the SQL parser's corpus as one region.
func BenchmarkExtract(b *testing.B) {
	paths, _ := filepath.Glob("../../parsers/sql/testdata/corpus/*.sql")
	var all []byte
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		all = append(append(all, src...), ";\n"...)
	}
	_, r := plain(string(all))
	b.SetBytes(int64(len(all)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Extract(r)
	}
}

// Statements in another dialect are not read either: they count among the
// unread (and --verbose counts them per file, where each stands).
func TestForeignStatementsCountAsUnread(t *testing.T) {
	src := "CREATE TABLE a (id INT) USING DELTA\nGO\nCREATE TABLE [dbo].[b] (id INT)\nGO\nINSERT INTO t;\nVACUUM a RETAIN 1 HOURS"
	_, r := plain(src)
	f := Extract(r)
	if f.UnreadSQL != 2 || len(f.Unread) != 1 || len(f.Foreign) != 1 {
		t.Fatalf("unread %d %+v, foreign %d", f.UnreadSQL, f.Unread, len(f.Foreign))
	}
	if at := f.Foreign[0].At.Start; src[at:at+6] != "CREATE" {
		t.Errorf("the foreign statement is placed at %d", at)
	}
	if len(f.Tables) != 1 || len(f.Maintenance) != 1 {
		t.Errorf("the statements around the GO lines: tables %d, maintenance %d", len(f.Tables), len(f.Maintenance))
	}
}
