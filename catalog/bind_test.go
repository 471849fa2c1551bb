package catalog

import (
	"fmt"
	"testing"

	"github.com/lakelint/lakelint/facts"
)

// bindJob creates a table at the path one variable holds and streams into
// it; the stream into other, another variable's, and an OPTIMIZE of
// the first when optimize is set. The binding's spans do not move with
// shift (the key says where the assignment is): what moves is where the
// facts stand.
func bindJob(path string, shift int, optimize bool) *facts.File {
	at := facts.Span{Start: 100 + shift, End: 110 + shift}
	events, other := facts.BindKey("events_path", 0, 40), facts.BindKey("other_path", 0, 70)
	f := &facts.File{Path: path,
		Tables: []*facts.TableDef{{Kind: facts.DeltaBuilder, LocationBind: events, At: at}},
		Writes: []*facts.Write{
			{API: facts.DataStreamWriter, Target: facts.Target{Expr: "events_path", Bind: events}, At: at},
			{API: facts.DataStreamWriter, Target: facts.Target{Expr: "other_path", Bind: other}, At: at},
		},
	}
	if optimize {
		f.Maintenance = []*facts.Maintenance{{Kind: facts.Optimize, Target: facts.Target{Expr: "events_path", Bind: events}, At: at}}
	}
	return f
}

func renderBound(c *Catalog) string {
	out := render(c)
	for _, t := range c.Tables() {
		out += fmt.Sprintf("%q optimizes=%d maycompact=%v\n", t.Expr, len(t.Optimizes()), c.MayCompact(t))
	}
	return out
}

// Targets one binding gives are one table, its definition's and its
// writes'; another binding's, or the same binding in another file, are
// other tables.
func TestBoundTargetsAreOneTablePerBinding(t *testing.T) {
	c := Build([]*facts.File{bindJob("jobs/a.py", 0, true), bindJob("jobs/b.py", 0, false)})
	events := facts.Target{Bind: facts.BindKey("events_path", 0, 40)}
	mine, theirs := c.LookupIn("jobs/b.py", events), c.LookupIn("jobs/a.py", events)
	if mine == nil || theirs == nil || mine == theirs {
		t.Fatalf("the same binding in two files is one table or missing: %p %p\n%s", mine, theirs, render(c))
	}
	if mine.Expr != "events_path" || mine.Path != "" || mine.Name != "" || len(mine.Defs) != 1 || mine.Use.Streams != 1 {
		t.Errorf("b.py's events_path table: %+v", mine)
	}
	if len(theirs.Optimizes()) != 1 || len(mine.Optimizes()) != 0 {
		t.Errorf("a.py's OPTIMIZE of events_path is its table's alone: %d %d", len(theirs.Optimizes()), len(mine.Optimizes()))
	}
	other := c.LookupIn("jobs/b.py", facts.Target{Bind: facts.BindKey("other_path", 0, 70)})
	if other == nil || other == mine || len(other.Defs) != 0 {
		t.Errorf("other_path's table took events_path's definition: %+v", other)
	}
	if c.Lookup(events) != nil {
		t.Error("a binding is found only in the file that has it")
	}
	// an OPTIMIZE of a table not known may be of any such table
	if !c.MayCompact(mine) || !c.MayCompact(other) {
		t.Error("a.py's OPTIMIZE of a run-time value may compact b.py's tables")
	}
	if c2 := Build([]*facts.File{bindJob("jobs/b.py", 0, false)}); c2.MayCompact(c2.LookupIn("jobs/b.py", events)) {
		t.Error("nothing may compact b.py's table alone")
	}
}

// The bound tables are the same whatever order files are added in and
// wherever in them their facts stand.
func TestBoundTablesIndependentOfFileOrder(t *testing.T) {
	var want string
	for i, order := range [][3]int{{0, 1, 2}, {2, 1, 0}, {1, 0, 2}} {
		for _, shift := range []int{0, 1, 37} {
			files := []*facts.File{bindJob("jobs/a.py", shift, true), bindJob("jobs/b.py", 2*shift, false), bindJob("jobs/c.py", shift, false)}
			for _, keep := range []bool{false, true} {
				b := Builder{Keep: keep}
				for _, k := range order {
					b.Add(files[k])
				}
				got := renderBound(b.Catalog())
				if i == 0 && shift == 0 && !keep {
					want = got
					continue
				}
				if got != want {
					t.Errorf("order %v, spans shifted by %d, keep %v:\n%s\nwant\n%s", order, shift, keep, got, want)
				}
			}
		}
	}
}
