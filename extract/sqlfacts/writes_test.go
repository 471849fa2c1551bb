package sqlfacts

import (
	"testing"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
)

func TestInsertWrites(t *testing.T) {
	doc, r := plain("-- load\nINSERT OVERWRITE TABLE `main`.`sales`.events SELECT /*+ COALESCE(1) */ * FROM s;\n")
	f := Extract(r)
	if len(f.Writes) != 1 {
		t.Fatalf("%d writes", len(f.Writes))
	}
	w := f.Writes[0]
	if w.API != facts.SQLInsert || w.Sink != "INSERT OVERWRITE" || w.Lang != document.SQL {
		t.Errorf("write = %s %s %s", w.API, w.Sink, w.Lang)
	}
	if w.Target.Table != "main.sales.events" || cover(t, doc, w.Target.Span) != "`main`.`sales`.events" {
		t.Errorf("target %q at %q", w.Target.Table, cover(t, doc, w.Target.Span))
	}
	if cover(t, doc, w.At) != "INSERT" || cover(t, doc, w.Span) != "INSERT OVERWRITE TABLE `main`.`sales`.events SELECT /*+ COALESCE(1) */ * FROM s" {
		t.Errorf("at %q span %q", cover(t, doc, w.At), cover(t, doc, w.Span))
	}
	if w.Mode.Str != "overwrite" || cover(t, doc, w.Mode.Span) != "OVERWRITE" {
		t.Errorf("mode %+v", w.Mode)
	}
	if len(w.Transforms) != 1 {
		t.Fatalf("transforms %+v", w.Transforms)
	}
	tr := w.Transforms[0]
	if tr.Name != "COALESCE" || !tr.Hint || !tr.HasNum || tr.NumPartitions.Int != 1 || tr.NumPartitions.Kind != facts.Int || tr.Nested {
		t.Errorf("transform %+v", tr)
	}
	if cover(t, doc, tr.Span) != "COALESCE(1)" || cover(t, doc, tr.NumPartitions.Span) != "1" {
		t.Errorf("transform spans %q %q", cover(t, doc, tr.Span), cover(t, doc, tr.NumPartitions.Span))
	}
	if w.Feeding() == nil || w.Feeding().Name != "COALESCE" {
		t.Errorf("Feeding() = %+v", w.Feeding())
	}
	want := "-- load\nINSERT OVERWRITE TABLE `main`.`sales`.events SELECT * FROM s;\n"
	if got := apply(t, doc, tr.Removal); got != want {
		t.Errorf("after removal:\n%s\nwant:\n%s", got, want)
	}
}

func TestHintTransforms(t *testing.T) {
	tests := []struct {
		name, sql string
		// names of the transforms in order, with their columns and counts
		want []string
		// the document after removing each transform in turn
		removed []string
	}{
		{
			name: "repartition with columns",
			sql:  "INSERT INTO t SELECT /*+ REPARTITION(8, c1) */ * FROM s",
			want: []string{"REPARTITION n=8 cols=[c1]"},
			removed: []string{
				"INSERT INTO t SELECT * FROM s",
			},
		},
		{
			name: "columns only",
			sql:  "INSERT INTO t SELECT /*+ REPARTITION(c1, c2) */ * FROM s",
			want: []string{"REPARTITION cols=[c1 c2]"},
		},
		{
			name: "leftmost hint applies last; join hints left out",
			sql:  "INSERT INTO t SELECT /*+ COALESCE(2), BROADCAST(d), REBALANCE(c) */ * FROM s JOIN d",
			want: []string{"REBALANCE cols=[c]", "COALESCE n=2"},
			removed: []string{
				"INSERT INTO t SELECT /*+ COALESCE(2), BROADCAST(d) */ * FROM s JOIN d",
				"INSERT INTO t SELECT /*+ BROADCAST(d), REBALANCE(c) */ * FROM s JOIN d",
			},
		},
		{
			name: "nested hints come first",
			sql:  "INSERT INTO t SELECT /*+ COALESCE(1) */ * FROM (SELECT /*+ REPARTITION(100) */ * FROM s)",
			want: []string{"nested REPARTITION n=100", "COALESCE n=1"},
			removed: []string{
				"INSERT INTO t SELECT /*+ COALESCE(1) */ * FROM (SELECT * FROM s)",
				"INSERT INTO t SELECT * FROM (SELECT /*+ REPARTITION(100) */ * FROM s)",
			},
		},
		{
			name: "hint at the end of its line",
			sql:  "INSERT INTO t\nSELECT /*+ REPARTITION_BY_RANGE(4, ts) */\n  * FROM s",
			want: []string{"REPARTITION_BY_RANGE n=4 cols=[ts]"},
			removed: []string{
				"INSERT INTO t\nSELECT\n  * FROM s",
			},
		},
		{
			name: "hint alone on its line",
			sql:  "INSERT INTO t\nSELECT\n  /*+ REBALANCE */\n  * FROM s",
			want: []string{"REBALANCE"},
			removed: []string{
				"INSERT INTO t\nSELECT\n  * FROM s",
			},
		},
		{
			name: "parameter partition count",
			sql:  "INSERT INTO {t} SELECT /*+ COALESCE({n}) */ * FROM s",
			want: []string{"COALESCE n=?"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, r := plain(tt.sql)
			f := Extract(r)
			if len(f.Writes) != 1 {
				t.Fatalf("%d writes", len(f.Writes))
			}
			trs := f.Writes[0].Transforms
			var got []string
			for _, tr := range trs {
				got = append(got, describeTransform(tr))
			}
			if len(got) != len(tt.want) {
				t.Fatalf("transforms %q, want %q", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("transform %d = %q, want %q", i, got[i], tt.want[i])
				}
			}
			for i, want := range tt.removed {
				if got := apply(t, doc, trs[i].Removal); got != want {
					t.Errorf("removing %s:\n got %q\nwant %q", trs[i].Name, got, want)
				}
			}
		})
	}
}

func describeTransform(tr facts.Transform) string {
	s := ""
	if tr.Nested {
		s = "nested "
	}
	s += tr.Name
	if tr.HasNum {
		if tr.NumPartitions.Known() {
			s += " n=" + tr.NumPartitions.Text()
		} else {
			s += " n=?"
		}
	}
	if len(tr.Columns) > 0 {
		s += " cols=["
		for i, c := range tr.Columns {
			if i > 0 {
				s += " "
			}
			s += c.Name
		}
		s += "]"
	}
	return s
}

func TestRowLevelWrites(t *testing.T) {
	tests := []struct {
		sql    string
		api    facts.API
		sink   string
		at     string
		table  string
		path   string
		format string
	}{
		{"MERGE INTO main.s.t AS t USING u ON t.id = u.id WHEN MATCHED THEN UPDATE SET *", facts.SQLMerge, "MERGE INTO", "MERGE", "main.s.t", "", ""},
		{"update `main`.s.t set a = 1", facts.SQLUpdate, "UPDATE", "update", "main.s.t", "", ""},
		{"DELETE FROM delta.`/mnt/t` WHERE a = 1", facts.SQLDelete, "DELETE FROM", "DELETE", "", "/mnt/t", "delta"},
	}
	for _, tt := range tests {
		doc, r := plain(tt.sql)
		f := Extract(r)
		if len(f.Writes) != 1 {
			t.Fatalf("%q: %d writes", tt.sql, len(f.Writes))
		}
		w := f.Writes[0]
		if w.API != tt.api || w.Sink != tt.sink || cover(t, doc, w.At) != tt.at || w.Target.Table != tt.table ||
			w.Target.Path != tt.path || w.Format != tt.format || !w.API.Rewrites() {
			t.Errorf("%q: %s %s at %q table %q path %q format %q", tt.sql, w.API, w.Sink, cover(t, doc, w.At), w.Target.Table, w.Target.Path, w.Format)
		}
	}
}
