package sqlfacts

import (
	"testing"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
)

func TestTableDef(t *testing.T) {
	doc, r := plain("CREATE OR REPLACE TABLE `main`.sales.events (id BIGINT, d DATE, ts TIMESTAMP)\n" +
		"USING DELTA\nPARTITIONED BY (d)\nCLUSTER BY (id)\nLOCATION 's3://b/events'\n" +
		"TBLPROPERTIES ('Delta.AutoOptimize.OptimizeWrite' = 'true', delta.targetFileSize = 134217728, x = false)")
	f := Extract(r)
	if len(f.Tables) != 1 {
		t.Fatalf("%d tables", len(f.Tables))
	}
	td := f.Tables[0]
	if td.Kind != facts.CreateOrReplace || td.Name != "main.sales.events" || td.Format != "delta" ||
		td.Location != "s3://b/events" || td.AsSelect || td.Lang != document.SQL {
		t.Errorf("table %+v", td)
	}
	if cover(t, doc, td.At) != "`main`.sales.events" || td.Span.Start != 0 || td.Span.End != len(doc) {
		t.Errorf("at %q span %+v", cover(t, doc, td.At), td.Span)
	}
	if names := td.PartitionBy.Names(); len(names) != 1 || names[0] != "d" || cover(t, doc, td.PartitionBy.Span) != "PARTITIONED BY (d)" {
		t.Errorf("partitioning %+v", td.PartitionBy)
	}
	if len(td.ClusterBy) != 1 || cover(t, doc, td.ClusterBy[0].Span) != "id" {
		t.Errorf("clustering %+v", td.ClusterBy)
	}
	ow := td.Properties["delta.autooptimize.optimizewrite"]
	if b, ok := ow.Truth(); !ok || !b || cover(t, doc, ow.Span) != "'true'" {
		t.Errorf("optimizeWrite = %+v", ow)
	}
	if v := td.Properties["delta.targetfilesize"]; v.Kind != facts.Int || v.Int != 134217728 {
		t.Errorf("targetFileSize = %+v", v)
	}
	if v := td.Properties["x"]; v.Kind != facts.Bool || v.Bool {
		t.Errorf("x = %+v", v)
	}
}

func TestTableKinds(t *testing.T) {
	tests := []struct {
		sql  string
		kind facts.TableKind
		as   bool
		auto bool
	}{
		{"CREATE TABLE t (a INT)", facts.CreateTable, false, false},
		{"CREATE TABLE IF NOT EXISTS t AS SELECT 1", facts.CreateTable, true, false},
		{"REPLACE TABLE t USING delta AS SELECT 1", facts.ReplaceTable, true, false},
		{"CREATE OR REFRESH STREAMING TABLE t CLUSTER BY AUTO AS SELECT * FROM STREAM s", facts.StreamingTable, true, true},
		{"CREATE STREAMING LIVE TABLE t AS SELECT 1", facts.StreamingTable, true, false},
		{"CREATE MATERIALIZED VIEW m AS SELECT 1", facts.MaterializedView, true, false},
		{"CREATE LIVE TABLE m AS SELECT 1", facts.MaterializedView, true, false},
	}
	for _, tt := range tests {
		_, r := plain(tt.sql)
		f := Extract(r)
		if len(f.Tables) != 1 {
			t.Errorf("%q: %d tables", tt.sql, len(f.Tables))
			continue
		}
		if td := f.Tables[0]; td.Kind != tt.kind || td.AsSelect != tt.as || td.ClusterByAuto != tt.auto {
			t.Errorf("%q: kind %q as %v auto %v", tt.sql, td.Kind, td.AsSelect, td.ClusterByAuto)
		}
	}
	_, r := plain("CREATE TABLE delta.`/mnt/t` (a INT) PARTITIONED BY (${col})")
	td := Extract(r).Tables[0]
	if td.Name != "" || td.Location != "/mnt/t" || td.Format != "delta" || !td.PartitionBy.Dynamic || len(td.PartitionBy.Names()) != 0 {
		t.Errorf("path table %+v", td)
	}
}

func TestAddProps(t *testing.T) {
	prop := "'delta.autoOptimize.optimizeWrite' = 'true'"
	tests := []struct {
		name      string
		doc       func() (string, *document.Region)
		style     facts.PropertyStyle
		after     string // the document once the property is added
		props     []string
		wantQuote string
	}{
		{
			name: "one line, no properties",
			doc: func() (string, *document.Region) {
				return plain("CREATE TABLE t (a INT) USING delta PARTITIONED BY (a);")
			},
			style: facts.SQLNewClause,
			after: "CREATE TABLE t (a INT) USING delta PARTITIONED BY (a) TBLPROPERTIES (" + prop + ");",
		},
		{
			name:  "before AS, comment left alone",
			doc:   func() (string, *document.Region) { return plain("CREATE TABLE t USING delta -- note\nAS SELECT 1") },
			style: facts.SQLNewClause,
			after: "CREATE TABLE t USING delta\nTBLPROPERTIES (" + prop + ") -- note\nAS SELECT 1",
		},
		{
			name: "several lines keep their indentation",
			doc: func() (string, *document.Region) {
				return plain("CREATE TABLE t (\n  a INT\n)\n  USING delta\n  CLUSTER BY (a)\n  AS SELECT 1")
			},
			style: facts.SQLNewClause,
			after: "CREATE TABLE t (\n  a INT\n)\n  USING delta\n  CLUSTER BY (a)\n  TBLPROPERTIES (" + prop + ")\n  AS SELECT 1",
		},
		{
			name:  "name only",
			doc:   func() (string, *document.Region) { return plain("CREATE MATERIALIZED VIEW m AS SELECT 1") },
			style: facts.SQLNewClause,
			after: "CREATE MATERIALIZED VIEW m TBLPROPERTIES (" + prop + ") AS SELECT 1",
		},
		{
			name: "extend, double quotes",
			doc: func() (string, *document.Region) {
				return plain(`CREATE TABLE t TBLPROPERTIES ("a" = "b") AS SELECT 1`)
			},
			style:     facts.SQLExtendClause,
			props:     []string{`"k" = "v"`},
			wantQuote: `"`,
			after:     `CREATE TABLE t TBLPROPERTIES ("a" = "b", "k" = "v") AS SELECT 1`,
		},
		{
			name: "extend a list laid out on lines",
			doc: func() (string, *document.Region) {
				return plain("CREATE TABLE t\nTBLPROPERTIES (\n    'a' = 'b',\n    'c' = 1\n)")
			},
			style: facts.SQLExtendClause,
			after: "CREATE TABLE t\nTBLPROPERTIES (\n    'a' = 'b',\n    'c' = 1,\n    " + prop + "\n)",
		},
		{
			name:  "extend an empty list",
			doc:   func() (string, *document.Region) { return plain("CREATE TABLE t TBLPROPERTIES ()") },
			style: facts.SQLExtendClause,
			after: "CREATE TABLE t TBLPROPERTIES (" + prop + ")",
		},
		{
			name:  "CRLF line endings",
			doc:   func() (string, *document.Region) { return plain("CREATE TABLE t\r\nUSING delta\r\nAS SELECT 1") },
			style: facts.SQLNewClause,
			after: "CREATE TABLE t\r\nUSING delta\r\nTBLPROPERTIES (" + prop + ")\r\nAS SELECT 1",
		},
		{
			name: "notebook cell lines carry # MAGIC",
			doc: func() (string, *document.Region) {
				return magicCell("CREATE TABLE main.s.t (a INT)", "  USING delta", "  PARTITIONED BY (a)", "  AS SELECT 1 AS a")
			},
			style: facts.SQLNewClause,
			after: "# Databricks notebook source\nx = 1\n\n# COMMAND ----------\n\n# MAGIC %sql\n" +
				"# MAGIC CREATE TABLE main.s.t (a INT)\n# MAGIC   USING delta\n# MAGIC   PARTITIONED BY (a)\n" +
				"# MAGIC   TBLPROPERTIES (" + prop + ")\n# MAGIC   AS SELECT 1 AS a\n",
		},
		{
			name: "an escaped line break in a Python string is no place for a new line",
			doc: func() (string, *document.Region) {
				return pyString("CREATE TABLE t", "USING delta AS SELECT 1")
			},
			style: facts.SQLNewClause,
			after: `df = spark.sql("CREATE TABLE t\nUSING delta TBLPROPERTIES (` + prop + `) AS SELECT 1")` + "\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, r := tt.doc()
			f := Extract(r)
			if len(f.Tables) != 1 {
				t.Fatalf("%d tables", len(f.Tables))
			}
			pi := f.Tables[0].AddProps
			if pi == nil || pi.Style != tt.style {
				t.Fatalf("insertion %+v, want style %s", pi, tt.style)
			}
			quote := tt.wantQuote
			if quote == "" {
				quote = "'"
			}
			if pi.Quote != quote {
				t.Errorf("quote %q, want %q", pi.Quote, quote)
			}
			props := tt.props
			if props == nil {
				props = []string{prop}
			}
			if got := addProps(t, doc, pi, props...); got != tt.after {
				t.Errorf("after insertion:\n%s\nwant:\n%s", got, tt.after)
			}
		})
	}
	_, r := plain("CREATE TABLE t TBLPROPERTIES ('a' = 1")
	if pi := Extract(r).Tables[0].AddProps; pi != nil {
		t.Errorf("an unclosed list has no safe insertion, got %+v", pi)
	}
}

func TestAlter(t *testing.T) {
	doc, r := plain("ALTER TABLE main.s.t SET TBLPROPERTIES (delta.autoOptimize.autoCompact = 'auto');\n" +
		"ALTER TABLE main.s.t UNSET TBLPROPERTIES IF EXISTS ('Delta.AppendOnly');\n" +
		"ALTER TABLE delta.`/p` CLUSTER BY AUTO;\n" +
		"ALTER TABLE t CLUSTER BY (a, b);\n" +
		"ALTER TABLE t ADD COLUMNS (c INT)")
	f := Extract(r)
	if len(f.Alters) != 4 {
		t.Fatalf("%d alters", len(f.Alters))
	}
	a := f.Alters[0]
	if a.Table != "main.s.t" || a.Set["delta.autooptimize.autocompact"].Str != "auto" || cover(t, doc, a.At) != "ALTER" || a.Lang != document.SQL {
		t.Errorf("set: %+v", a)
	}
	if u := f.Alters[1].Unset; len(u) != 1 || u[0] != "delta.appendonly" {
		t.Errorf("unset: %q", u)
	}
	if c := f.Alters[2]; c.Path != "/p" || !c.HasClusterBy || !c.ClusterByAuto || len(c.ClusterBy) != 0 {
		t.Errorf("cluster auto: %+v", c)
	}
	if c := f.Alters[3]; !c.HasClusterBy || len(c.ClusterBy) != 2 || cover(t, doc, c.ClusterBy[1].Span) != "b" {
		t.Errorf("cluster by: %+v", c)
	}
}

func TestCloneAndGapPlacement(t *testing.T) {
	src := "CREATE TABLE main.s.c SHALLOW CLONE main.s.src VERSION AS OF 3 LOCATION '/mnt/c';\n" +
		"CREATE TABLE main.s.g (id INT, b USING DELTA;\n"
	r := &document.Region{Lang: document.SQL, Text: []byte(src), Map: document.Identity(0, len(src))}
	f := Extract(r)
	if len(f.Tables) != 2 {
		t.Fatalf("tables %d", len(f.Tables))
	}
	c := f.Tables[0]
	if !c.Clone || c.AddProps == nil || src[:c.AddProps.Offset] != "CREATE TABLE main.s.c SHALLOW CLONE main.s.src VERSION AS OF 3" {
		t.Errorf("clone %+v props at %+v", c, c.AddProps)
	}
	if g := f.Tables[1]; g.AddProps != nil {
		t.Errorf("a definition with an unread stretch got a place for properties: %+v", g.AddProps)
	}
}
