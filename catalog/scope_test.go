package catalog

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/facts"
)

// envJob is a job that creates and streams into a table it names from the
// environment: its name or location has a placeholder. shift moves every
// span, as a changed byte earlier in the file would.
func envJob(path, dir string, shift int, props map[string]facts.Value) *facts.File {
	at := facts.Span{Start: 10 + shift, End: 20 + shift}
	return &facts.File{Path: path,
		Tables: []*facts.TableDef{
			{Name: "bronze.{TABLE}", Location: "{LAKE}/bronze/" + dir, At: at, Properties: props},
			{Name: "bronze." + dir, At: at},
		},
		Writes: []*facts.Write{
			{API: facts.DataStreamWriter, Target: facts.Target{Table: "bronze.{TABLE}"}, At: at},
			{API: facts.DataStreamWriter, Target: facts.Target{Path: "{LAKE}/bronze/" + dir}, At: at},
		},
	}
}

// render is everything a rule could see of the catalog, in its order.
func render(c *Catalog) string {
	var b strings.Builder
	for _, t := range c.Tables() {
		fmt.Fprintf(&b, "%q %q defs=%d in=%s writes=%d streams=%d", t.Name, t.Path, len(t.Defs), t.DefinedIn, t.Use.Writes, t.Use.Streams)
		for _, d := range t.Defs {
			fmt.Fprintf(&b, " [%s %d props]", d.Path, len(d.Fact.Properties))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Tables whose names or locations are partly unknown never merge across
// files: each job's bronze.{TABLE} is its own.
func TestPartlyUnknownTablesStayApart(t *testing.T) {
	compacted := map[string]facts.Value{"delta.autooptimize.autocompact": str("true")}
	orders := envJob("jobs/orders.py", "orders", 0, compacted)
	customers := envJob("jobs/customers.py", "customers", 0, nil)
	c := Build([]*facts.File{orders, customers})

	mine := c.LookupIn("jobs/customers.py", facts.Target{Table: "bronze.{TABLE}"})
	theirs := c.LookupIn("jobs/orders.py", facts.Target{Table: "bronze.{TABLE}"})
	if mine == nil || theirs == nil || mine == theirs {
		t.Fatalf("the two jobs' bronze.{TABLE} are one table or missing: %p %p\n%s", mine, theirs, render(c))
	}
	if _, ok := mine.Property("delta.autooptimize.autocompact"); ok {
		t.Error("customers' table took orders' property")
	}
	if mine.Use.Streams != 2 || mine.Path != "{LAKE}/bronze/customers" { // by its name and by its path
		t.Errorf("customers' table: %+v", mine)
	}
	if c.Lookup(facts.Target{Table: "bronze.{TABLE}"}) != nil {
		t.Error("a partly unknown name is found only in the file that wrote it")
	}
	// a name spelled out is one table whichever file names it
	if a, b := c.LookupIn("jobs/orders.py", facts.Target{Table: "bronze.orders"}), c.Lookup(facts.Target{Table: "bronze.orders"}); a == nil || a != b {
		t.Error("a closed name must be found from any file")
	}
	if got := c.LookupIn("jobs/orders.py", facts.Target{Path: "{LAKE}/bronze/orders"}); got == nil || got.Name != "bronze.{table}" {
		t.Errorf("a partly unknown location finds its file's table: %+v", got)
	}
}

// The catalog is the same whatever order files are added in and wherever
// in them their facts stand.
func TestCatalogIndependentOfFileOrderAndSpans(t *testing.T) {
	compacted := map[string]facts.Value{"delta.autooptimize.autocompact": str("true")}
	var want string
	for i, order := range [][2]int{{0, 1}, {1, 0}} {
		for _, shift := range []int{0, 1, 37} {
			files := []*facts.File{
				envJob("jobs/orders.py", "orders", shift, compacted),
				envJob("jobs/customers.py", "customers", 2*shift, nil),
			}
			var b Builder
			b.Add(files[order[0]])
			b.Add(files[order[1]])
			got := render(b.Catalog())
			if i == 0 && shift == 0 {
				want = got
				continue
			}
			if got != want {
				t.Errorf("order %v, spans shifted by %d:\n%s\nwant\n%s", order, shift, got, want)
			}
		}
	}
}

func TestOpenNames(t *testing.T) {
	for s, want := range map[string]bool{
		"main.sales.events": false, "${env}.sales.events": false, "bronze.{TABLE}": true,
		"{}/bronze/x": true, "%s/bronze/x": true, "/mnt/lake/x": false, "": false,
	} {
		if got := Open(s); got != want {
			t.Errorf("Open(%q) = %v, want %v", s, got, want)
		}
	}
}
