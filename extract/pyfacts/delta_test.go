package pyfacts

import (
	"slices"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/facts"
)

func TestDeltaTableWrites(t *testing.T) {
	tests := []struct {
		name, src string
		api       facts.API
		sink, at  string
		table     string
		path      string
		tr        []string
	}{
		{"merge", `DeltaTable.forName(spark, "main.t").alias("t").merge(src.alias("s"), "t.id = s.id").whenMatchedUpdateAll().whenNotMatchedInsertAll().execute()`,
			facts.DeltaTableMerge, "execute", "execute()", "main.t", "", nil},
		{"merge laid out", "t = DeltaTable.forPath(spark, '/d')\n(t.alias('t')\n  .merge(u.repartition(4), 'c')\n  .whenMatchedDelete()\n  .execute())",
			facts.DeltaTableMerge, "execute", "execute()", "", "/d", nil}, // a merge source is not what is written
		{"merge of a named source", "updates = x.repartition(1)\nDeltaTable.forName(spark, 'main.t').merge(updates, 'c').whenMatchedUpdateAll().execute()",
			facts.DeltaTableMerge, "execute", "execute()", "main.t", "", nil},
		{"update", `DeltaTable.forName(spark, tableOrViewName="x").update("a = 1", {"b": "2"})`,
			facts.DeltaTableUpdate, "update", `update("a = 1", {"b": "2"})`, "x", "", nil},
		{"delete", `DeltaTable.forPath(spark, "/p").delete(F.col("d") < "2020")`,
			facts.DeltaTableDelete, "delete", `delete(F.col("d") < "2020")`, "", "/p", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, doc := extract(t, tt.src)
			w := oneWrite(t, f)
			if w.API != tt.api || w.Sink != tt.sink || w.Format != "delta" || !w.API.Rewrites() {
				t.Errorf("api %q sink %q format %q", w.API, w.Sink, w.Format)
			}
			if textOf(doc, w.At) != tt.at {
				t.Errorf("at %q", textOf(doc, w.At))
			}
			if w.Target.Table != tt.table || w.Target.Path != tt.path {
				t.Errorf("target %+v", w.Target)
			}
			if !slices.Equal(names(w.Transforms), tt.tr) {
				t.Errorf("transforms %v", names(w.Transforms))
			}
		})
	}
}

func TestDeltaMaintenance(t *testing.T) {
	tests := []struct {
		name, src string
		kind      facts.MaintenanceKind
		table     string
		where     []string
		whereSpan string
		zorder    []string
		hasRetain bool
		retain    string
		retainAt  string
	}{
		{name: "compaction", src: `DeltaTable.forName(spark, "t").optimize().executeCompaction()`, kind: facts.Optimize, table: "t"},
		{name: "zorder with where", src: `DeltaTable.forName(spark, "t").optimize().where("event_date >= '2024-01-01' AND upper(country) = 'FR'").executeZOrderBy("a", "b")`,
			kind: facts.Optimize, table: "t", where: []string{"event_date", "country"}, whereSpan: "event_date", zorder: []string{"a", "b"}},
		{name: "where through a constant", src: "P = \"p = 1\"\ndt = DeltaTable.forName(spark, 'x')\nopt = dt.optimize().where(P)\nopt.executeCompaction()",
			kind: facts.Optimize, table: "x", where: []string{"p"}, whereSpan: "p"},
		{name: "vacuum default", src: `DeltaTable.forPath(spark, p).vacuum()`, kind: facts.Vacuum},
		{name: "vacuum hours", src: `DeltaTable.forName(spark, "t").vacuum(1)`, kind: facts.Vacuum, table: "t", hasRetain: true, retain: "1", retainAt: "1"},
		{name: "vacuum keyword constant", src: "H = 0.5\nDeltaTable.forName(spark, 't').vacuum(retentionHours=H)", kind: facts.Vacuum, table: "t",
			hasRetain: true, retain: "0.5", retainAt: "H"},
		{name: "vacuum unresolved", src: `DeltaTable.forName(spark, "t").vacuum(hours)`, kind: facts.Vacuum, table: "t", hasRetain: true, retainAt: "hours"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, doc := extract(t, tt.src)
			if len(f.Maintenance) != 1 {
				t.Fatalf("maintenance %d", len(f.Maintenance))
			}
			m := f.Maintenance[0]
			if m.Kind != tt.kind || m.Target.Table != tt.table {
				t.Errorf("kind %q target %+v", m.Kind, m.Target)
			}
			if !slices.Equal(colNames(m.WhereColumns), tt.where) || !slices.Equal(colNames(m.ZOrderBy), tt.zorder) {
				t.Errorf("where %v zorder %v", colNames(m.WhereColumns), colNames(m.ZOrderBy))
			}
			if tt.whereSpan != "" && textOf(doc, m.WhereColumns[0].Span) != tt.whereSpan {
				t.Errorf("where column span %q", textOf(doc, m.WhereColumns[0].Span))
			}
			if m.HasRetain != tt.hasRetain || m.Retain.Text() != tt.retain {
				t.Errorf("retain %v %+v", m.HasRetain, m.Retain)
			}
			if tt.retainAt != "" && textOf(doc, m.Retain.Span) != tt.retainAt {
				t.Errorf("retain span %q", textOf(doc, m.Retain.Span))
			}
			if len(f.Writes) != 0 {
				t.Errorf("maintenance recorded as a write")
			}
		})
	}
}

func TestDeltaBuilder(t *testing.T) {
	src := "(\n" +
		"    DeltaTable.createIfNotExists(spark)\n" +
		"    .tableName('main.s.t')\n" +
		"    .addColumn('id', 'BIGINT')\n" +
		"    .partitionedBy('d')\n" +
		"    .clusterBy('c')\n" +
		"    .location('/mnt/t')\n" +
		"    .property('delta.enableChangeDataFeed', 'true')  # cdf\n" +
		"    .execute()\n" +
		")\n"
	f, doc := extract(t, src)
	if len(f.Tables) != 1 {
		t.Fatalf("tables %d", len(f.Tables))
	}
	d := f.Tables[0]
	if d.Kind != facts.DeltaBuilder || d.Name != "main.s.t" || d.Location != "/mnt/t" || d.Format != "delta" {
		t.Errorf("def %+v", d)
	}
	if textOf(doc, d.At) != "createIfNotExists(spark)" || !strings.HasPrefix(textOf(doc, d.Span), "DeltaTable.createIfNotExists") {
		t.Errorf("at %q span %q", textOf(doc, d.At), textOf(doc, d.Span))
	}
	if !slices.Equal(d.PartitionBy.Names(), []string{"d"}) || !slices.Equal(colNames(d.ClusterBy), []string{"c"}) {
		t.Errorf("partition %v cluster %v", d.PartitionBy.Names(), colNames(d.ClusterBy))
	}
	if v := d.Properties["delta.enablechangedatafeed"]; v.Text() != "true" {
		t.Errorf("properties %v", d.Properties)
	}
	p := d.AddProps
	if p == nil || p.Style != facts.PyBuilderCall || p.Quote != "'" || p.Newline != "\n    " {
		t.Fatalf("insertion %+v", p)
	}
	fixed := string(doc.Text[:p.Offset]) + p.Newline + ".property('a', 'b')" + string(doc.Text[p.Offset:])
	want := "    .property('delta.enableChangeDataFeed', 'true')\n    .property('a', 'b')  # cdf\n    .execute()\n"
	if !strings.Contains(fixed, want) || !parsesCleanly(fixed) {
		t.Errorf("inserted:\n%s", fixed)
	}

	f, doc = extract(t, `DeltaTable.create(spark).tableName("t").execute()`)
	p = f.Tables[0].AddProps
	fixed = string(doc.Text[:p.Offset]) + p.Newline + `.property("a", "b")` + string(doc.Text[p.Offset:])
	if p.Newline != "" || p.Quote != `"` || fixed != `DeltaTable.create(spark).tableName("t").property("a", "b").execute()` {
		t.Errorf("one-line insertion %+v: %s", p, fixed)
	}
}

func TestWriterV2Create(t *testing.T) {
	src := "df.writeTo('t').using('delta').partitionedBy(F.col('d')).tableProperty('delta.autoOptimize.optimizeWrite', 'true').createOrReplace()"
	f, doc := extract(t, src)
	if len(f.Tables) != 1 || len(f.Writes) != 1 {
		t.Fatalf("tables %d writes %d", len(f.Tables), len(f.Writes))
	}
	d := f.Tables[0]
	if d.Kind != facts.WriterV2Create || d.Name != "t" || d.Format != "delta" || !slices.Equal(d.PartitionBy.Names(), []string{"d"}) {
		t.Errorf("def %+v", d)
	}
	if d.Properties["delta.autooptimize.optimizewrite"].Text() != "true" || f.Writes[0].Properties != nil {
		t.Errorf("properties %v, on the write %v", d.Properties, f.Writes[0].Properties)
	}
	if d.AddProps == nil || d.AddProps.Style != facts.PyWriterProperty || textOf(doc, facts.Span{Start: d.AddProps.Offset, End: d.AddProps.Offset + 18}) != ".createOrReplace()" {
		t.Errorf("insertion %+v", d.AddProps)
	}
}

func TestWhereColumns(t *testing.T) {
	tests := []struct {
		where string
		cols  []string
	}{
		{"`event date` = '2024-01-01' AND `db`.`c` > 1", []string{"event date", "db.c"}},
		{"d BETWEEN DATE '2024-01-01' AND current_date() - INTERVAL 7 DAYS", []string{"d"}},
		{"p IN ('a', 'it''s') OR q IS NOT NULL", []string{"p", "q"}},
		{"t.x >= 1.5e3", []string{"t.x"}},
	}
	for _, tt := range tests {
		src := "W = \"" + tt.where + "\"\nDeltaTable.forName(spark, 't').optimize().where(W).executeCompaction()"
		f, doc := extract(t, src)
		m := f.Maintenance[0]
		if !slices.Equal(colNames(m.WhereColumns), tt.cols) {
			t.Errorf("%s: columns %v", tt.where, colNames(m.WhereColumns))
		}
		for _, c := range m.WhereColumns {
			if got := textOf(doc, c.Span); stripBackticks(got) != c.Name {
				t.Errorf("%s: column %q spans %q", tt.where, c.Name, got)
			}
		}
	}
}
