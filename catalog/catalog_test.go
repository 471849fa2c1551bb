package catalog

import (
	"fmt"
	"testing"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/stats"
)

func str(s string) facts.Value { return facts.Value{Kind: facts.String, Str: s} }

func TestLookupNormalisesNamesAndPaths(t *testing.T) {
	defs := &facts.File{Path: "b_defs.sql", Tables: []*facts.TableDef{
		{Name: "Main.`Sales`.Events", Location: "dbfs:/mnt/lake/events/", PartitionBy: &facts.Partitioning{Columns: []facts.Column{{Name: "event_date"}}}},
		{Name: "dev.sales.events"}, // a second three-part name with the same last two parts
		{Name: "main.web.clicks"},
	}}
	// a.py sorts before b_defs.sql: definitions must still be indexed first
	writes := &facts.File{Path: "a.py", Writes: []*facts.Write{
		{Target: facts.Target{Table: "web.clicks"}},
		{Target: facts.Target{Path: "/mnt/lake/events"}},
		{Target: facts.Target{Table: "sales.events"}}, // ambiguous: stays its own table
	}}
	c := Build([]*facts.File{writes, defs})

	events := c.Lookup(facts.Target{Table: "main.sales.events"})
	if events == nil || events.Name != "main.sales.events" || events.Path != "/mnt/lake/events" {
		t.Fatalf("events = %+v", events)
	}
	if got := c.Lookup(facts.Target{Path: "/mnt/lake/events/"}); got != events {
		t.Error("a path with a trailing slash must find the table defined with that LOCATION")
	}
	if events.Use.Writes != 1 {
		t.Errorf("events has %d writes, want the path write", events.Use.Writes)
	}
	clicks := c.Lookup(facts.Target{Table: "main.web.clicks"})
	if c.Lookup(facts.Target{Table: "web.clicks"}) != clicks || clicks.Use.Writes != 1 {
		t.Error("a two-part name must find the only three-part table it fits")
	}
	if c.Lookup(facts.Target{Table: "sales.events"}) == events {
		t.Error("an ambiguous two-part name must not be matched to one of its tables")
	}
	if c.Lookup(facts.Target{}) != nil || c.Lookup(facts.Target{Table: "nope.x"}) != nil {
		t.Error("unknown targets must find nothing")
	}
}

func TestTablePropertiesPartitionsAndLiveState(t *testing.T) {
	f := &facts.File{Path: "x.sql",
		Tables: []*facts.TableDef{{Name: "m.s.t", Format: "delta",
			Properties: map[string]facts.Value{"delta.autooptimize.optimizewrite": str("false")}}},
		Alters: []*facts.TableAlter{
			{Table: "m.s.t", Set: map[string]facts.Value{"delta.autooptimize.optimizewrite": str("true")}},
			{Table: "m.s.t", HasClusterBy: true, ClusterBy: []facts.Column{{Name: "id"}}},
		},
		Writes: []*facts.Write{{API: facts.SQLMerge, Target: facts.Target{Table: "m.s.live"}}},
	}
	c := Build([]*facts.File{f})
	tb := c.Lookup(facts.Target{Table: "m.s.t"})
	if v, ok := tb.Property("delta.autooptimize.optimizewrite"); !ok || v.Str != "true" {
		t.Errorf("an ALTER overrides the definition: got %+v %v", v, ok)
	}
	if parts, known := tb.PartitionColumns(); !known || len(parts) != 0 {
		t.Errorf("a defined table without PARTITIONED BY is known to be unpartitioned: %v %v", parts, known)
	}
	if cl, known := tb.ClusteringColumns(); !known || len(cl) != 1 || cl[0] != "id" {
		t.Errorf("clustering from ALTER ... CLUSTER BY: %v %v", cl, known)
	}

	live := c.Lookup(facts.Target{Table: "m.s.live"})
	if _, known := live.PartitionColumns(); known {
		t.Error("nothing is known of an undefined table without live stats")
	}
	live.Live = &stats.Table{Format: "delta", PartitionColumns: []string{"d"},
		Properties: map[string]string{"delta.autoOptimize.optimizeWrite": "true"}}
	if parts, known := live.PartitionColumns(); !known || len(parts) != 1 || parts[0] != "d" {
		t.Errorf("live partition columns: %v %v", parts, known)
	}
	if v, ok := live.Property("delta.autooptimize.optimizewrite"); !ok || v.Str != "true" {
		t.Errorf("live properties compare case-insensitively: %+v %v", v, ok)
	}
	if !live.Rewritten() || tb.Rewritten() {
		t.Error("Rewritten follows MERGE/UPDATE/DELETE writes")
	}
	if live.Format() != "delta" || live.Name != "m.s.live" {
		t.Errorf("format %q name %q", live.Format(), live.Name)
	}
}

// ALTER TABLE delta.`/path` sets the properties of the table at that path,
// defined by path or by LOCATION, and of no table named otherwise.
func TestAlterByPath(t *testing.T) {
	on := map[string]facts.Value{"delta.autooptimize.autocompact": str("true")}
	f := &facts.File{Path: "x.sql",
		Tables: []*facts.TableDef{{Location: "/lake/a", Format: "delta"}, {Name: "m.s.b", Location: "/lake/b/"}, {Name: "m.s.c"}},
		Alters: []*facts.TableAlter{{Path: "/lake/a", Set: on}, {Path: "/lake/b", Set: on}, {Path: "/lake/other", Set: on}},
	}
	c := Build([]*facts.File{f})
	for tg, want := range map[facts.Target]bool{
		{Path: "/lake/a"}: true, {Table: "m.s.b"}: true, {Table: "m.s.c"}: false,
	} {
		_, set := c.Lookup(tg).Property("delta.autooptimize.autocompact")
		if set != want {
			t.Errorf("%+v: property set %v, want %v", tg, set, want)
		}
	}
}

// The catalog sums up writes, reads and maintenance per table, and does not
// depend on the order files are added in (files are extracted in parallel).
func TestBuilderSumsUsesInAnyOrder(t *testing.T) {
	overwrite := func(cols ...string) *facts.Write {
		p := &facts.Partitioning{}
		for _, c := range cols {
			p.Columns = append(p.Columns, facts.Column{Name: c})
		}
		return &facts.Write{API: facts.DataFrameWriter, Mode: str("overwrite"), PartitionBy: p, Target: facts.Target{Table: "m.s.t"}}
	}
	files := []*facts.File{
		{Path: "c.py", Writes: []*facts.Write{overwrite("c"), {API: facts.DataStreamWriter, Target: facts.Target{Table: "m.s.t"}}}},
		{Path: "a.py", Reads: []*facts.Read{{Target: facts.Target{Table: "M.S.T"}}}},
		{Path: "b.py", Writes: []*facts.Write{overwrite("b"), {API: facts.SQLMerge, Target: facts.Target{Table: "m.s.t"}}},
			Maintenance: []*facts.Maintenance{{Target: facts.Target{Path: "/lake/t"}}}},
		{Path: "d.sql", Tables: []*facts.TableDef{{Name: "m.s.t", Location: "/lake/t/"}}},
		{Path: "e.py", Writes: []*facts.Write{{API: facts.DataFrameWriter, Target: facts.Target{Table: "s.t"}}}},
	}
	want := Use{WrittenIn: "b.py", MaintainedIn: "b.py", ReadIn: "a.py", Writes: 5, Streams: 1, Rewrites: 1, RewrittenIn: "b.py",
		OverwritePartitions: []string{"b"}}
	for _, order := range [][]int{{0, 1, 2, 3, 4}, {4, 3, 2, 1, 0}, {2, 0, 4, 1, 3}} {
		var b Builder
		for _, i := range order {
			b.Add(files[i])
		}
		c := b.Catalog()
		if n := len(c.Tables()); n != 1 {
			t.Fatalf("order %v: %d tables, want the name, the path and the two-part name as one", order, n)
		}
		got := c.Tables()[0].Use
		got.overwriteIn = ""
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("order %v: use = %+v, want %+v", order, got, want)
		}
		if !c.Tables()[0].Rewritten() {
			t.Error("a MERGE rewrites the table")
		}
		if parts, _ := c.Tables()[0].PartitionColumns(); len(parts) != 0 {
			t.Errorf("a defined table's partitions come from its definition, got %v", parts)
		}
	}
}

// A file that names many targets is summed up per target too.
func TestBuilderManyTargetsInOneFile(t *testing.T) {
	f := &facts.File{Path: "big.py"}
	for range 2 {
		for i := range 40 {
			f.Writes = append(f.Writes, &facts.Write{API: facts.DataFrameWriter, Target: facts.Target{Table: fmt.Sprintf("m.s.t%d", i)}})
		}
	}
	c := Build([]*facts.File{f})
	if len(c.Tables()) != 40 {
		t.Fatalf("%d tables, want 40", len(c.Tables()))
	}
	for i, tb := range c.Tables() {
		if tb.Name != fmt.Sprintf("m.s.t%d", i) || tb.Use.Writes != 2 {
			t.Errorf("table %d: %s with %d writes, want m.s.t%d with 2", i, tb.Name, tb.Use.Writes, i)
		}
	}
}

func TestNormalizeName(t *testing.T) {
	for in, want := range map[string]string{
		"main.sales.events":         "main.sales.events",
		" Main.`Sales` . Events ":   "main.sales.events",
		"`main`.`sales`.`events_1`": "main.sales.events_1",
		"":                          "",
		"   ":                       "",
	} {
		if got := NormalizeName(in); got != want {
			t.Errorf("NormalizeName(%q) = %q, want %q", in, got, want)
		}
	}
}

// A definition repeated across files is kept once, at its last place, so
// "the last definition that says X" still wins and memory follows the
// distinct definitions, not the files that repeat them.
func TestRepeatedDefinitionsKeptOnce(t *testing.T) {
	def := func(path, format string) *facts.File {
		return &facts.File{Path: path, Tables: []*facts.TableDef{{Name: "m.s.t", Format: format,
			Properties: map[string]facts.Value{"k": {Kind: facts.String, Str: format, Span: facts.Span{Start: len(path)}}}}}}
	}
	files := []*facts.File{def("a.sql", "parquet"), def("b.sql", "delta"), def("c.sql", "parquet"), def("d.sql", "parquet")}
	for _, order := range [][]int{{0, 1, 2, 3}, {3, 2, 1, 0}, {2, 0, 3, 1}} {
		var b Builder
		for _, i := range order {
			b.Add(files[i])
		}
		tb := b.Catalog().Lookup(facts.Target{Table: "m.s.t"})
		if len(tb.Defs) != 2 || tb.DefinedIn != "a.sql" || tb.Defs[1].Path != "d.sql" {
			t.Fatalf("order %v: %d defs, defined in %s, last %+v", order, len(tb.Defs), tb.DefinedIn, tb.Defs)
		}
		if f := tb.Format(); f != "parquet" {
			t.Errorf("order %v: format %q, want the last definition's parquet", order, f)
		}
		if v, _ := tb.Property("k"); v.Str != "parquet" {
			t.Errorf("order %v: property %q", order, v.Str)
		}
	}
}

// A live property spelled two ways, neither as asked: the first spelling
// in key order answers, whatever order Go gives the map.
func TestLivePropertySpellings(t *testing.T) {
	tb := &Table{Live: &stats.Table{Properties: map[string]string{"delta.targetFileSize": "a", "Delta.TargetFileSize": "b", "delta.TARGETFILESIZE": "c"}}}
	for range 20 {
		if v, _ := tb.Property("delta.targetfilesize"); v.Str != "b" {
			t.Fatalf("%q, want b (Delta.TargetFileSize)", v.Str)
		}
	}
	tb.Live.Properties["delta.targetfilesize"] = "d"
	if v, _ := tb.Property("delta.targetfilesize"); v.Str != "d" {
		t.Errorf("%q, want d: the spelling asked for", v.Str)
	}
}
