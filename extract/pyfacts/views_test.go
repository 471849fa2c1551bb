package pyfacts

import (
	"testing"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
)

func TestViewSource(t *testing.T) {
	tests := []struct{ sql, want string }{
		{"CREATE TABLE t AS SELECT * FROM v", "v"},
		{"create or replace table t using delta as select a, b from `V` where a > 1", "v"},
		{"INSERT INTO t SELECT * FROM staged;", "staged"},
		{"CREATE TABLE t AS SELECT * FROM v JOIN w ON v.id = w.id", ""},
		{"CREATE TABLE t AS SELECT k, count(*) FROM v GROUP BY k", ""},
		{"CREATE TABLE t AS SELECT * FROM v ORDER BY k", ""},
		{"CREATE TABLE t AS SELECT * FROM (SELECT * FROM v)", ""},
		{"CREATE TABLE t AS SELECT * FROM a, b", ""},
		{"SELECT * FROM v", ""},
	}
	for _, tt := range tests {
		got, ok := viewSource(tt.sql)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("viewSource(%q) = %q, %v; want %q", tt.sql, got, ok, tt.want)
		}
	}
}

func TestViewFed(t *testing.T) {
	src := "df = spark.read.table('x')\n" +
		"df.coalesce(1).createOrReplaceTempView('one')\n" +
		"spark.sql('CREATE TABLE t AS SELECT * FROM one')\n" +
		"spark.read.table('y').createOrReplaceTempView('plain')\n" +
		"spark.sql('CREATE TABLE u AS SELECT * FROM plain')\n" +
		"spark.sql('CREATE TABLE w AS SELECT * FROM never_made')\n"
	doc := pyDoc(src)
	views := map[*document.Region][]facts.Transform{}
	_, sql := Extract(doc, []*document.Region{&doc.Regions[0]}, Options{ViewFed: views})
	if len(sql) != 3 {
		t.Fatalf("%d SQL regions", len(sql))
	}
	if ts := views[sql[0]]; len(ts) != 1 || ts[0].Name != "coalesce" || ts[0].NumPartitions.Int != 1 {
		t.Errorf("view one: %+v", ts)
	}
	if len(views) != 1 {
		t.Errorf("want only the coalesced view to feed a statement, got %d", len(views))
	}
}
