package pyfacts

import (
	"strings"
	"testing"

	"github.com/lakelint/lakelint/facts"
)

func TestFunctionSummary(t *testing.T) {
	src := `def write(df, table, *cols, mode="append", trigger="1 minute"):
    spark.conf.set("spark.sql.shuffle.partitions", "8")
    df.filter("x").write.mode(mode).partitionBy(*cols).saveAsTable(table)
    df.writeStream.trigger(processingTime=trigger).toTable("main.s")
    DeltaTable.forName(spark, table).vacuum(mode)
    return spark

class Job:
    def run(self, df):
        write(df, "main.t", "day")
`
	f, doc := extract(t, src)
	if len(f.Settings) != 0 {
		t.Errorf("a setting in a function body is the file's: %+v", f.Settings)
	}
	if f.Summary == nil || len(f.Summary.Funcs) != 2 {
		t.Fatalf("summary: %+v", f.Summary)
	}
	fn := f.Summary.Funcs[0]
	if fn.Name != "write" || len(fn.Params) != 5 || fn.Params[2].Star != 1 || fn.Params[3].Default == nil ||
		fn.Params[3].Default.Value.Str != "append" || textOf(doc, fn.Params[3].Default.Span) != `"append"` {
		t.Fatalf("params: %+v", fn.Params)
	}
	want := map[holeKey]bool{
		{Fact: facts.FactWrite, Index: 0, Field: facts.HoleTable, Param: 1}:        true,
		{Fact: facts.FactWrite, Index: 0, Field: facts.HoleMode, Param: 3}:         true,
		{Fact: facts.FactWrite, Index: 0, Field: facts.HolePartitionBy, Param: 2}:  true,
		{Fact: facts.FactWrite, Index: 0, Field: facts.HoleFrame, Param: 0}:        true,
		{Fact: facts.FactWrite, Index: 1, Field: facts.HoleTrigger, Param: 4}:      true,
		{Fact: facts.FactWrite, Index: 1, Field: facts.HoleFrame, Param: 0}:        true,
		{Fact: facts.FactMaintenance, Index: 0, Field: facts.HoleTable, Param: 1}:  true,
		{Fact: facts.FactMaintenance, Index: 0, Field: facts.HoleRetain, Param: 3}: true,
	}
	for _, h := range fn.Holes {
		k := keyOf(h)
		if !want[k] {
			t.Errorf("unexpected hole %+v", h)
		}
		delete(want, k)
	}
	for h := range want {
		t.Errorf("missing hole %+v", h)
	}
	if len(fn.Settings) != 1 || fn.Returns.Kind != facts.ArgSession {
		t.Errorf("settings %d, returns %+v", len(fn.Settings), fn.Returns)
	}
	m := f.Summary.Funcs[1]
	if m.Name != "Job.run" || len(m.Calls) != 1 {
		t.Fatalf("method: %+v", m)
	}
	c := m.Calls[0]
	if c.Callee != "write" || len(c.Args) != 3 || c.Args[0].Kind != facts.ArgParam || c.Args[0].Param != 1 ||
		c.Args[1].Value.Str != "main.t" || textOf(doc, c.At) != "write" {
		t.Errorf("call: %+v", c)
	}
}

func TestCallsRecorded(t *testing.T) {
	src := `import os
from lib.io import save
import lib.jobs as jobs
save(df.repartition(2), ["a", "b"], n=3)
jobs.run(spark)
os.path.join("a", "b")
print("x")
for p in files:
    save(p)
`
	f, _ := extract(t, src)
	if f.Summary == nil || len(f.Summary.Calls) != 3 {
		t.Fatalf("calls: %+v", f.Summary)
	}
	c := f.Summary.Calls[0]
	if c.Callee != "lib.io.save" || c.Args[0].Kind != facts.ArgFrame || len(c.Args[0].Transforms()) != 1 ||
		c.Args[1].Kind != facts.ArgList || len(c.Args[1].Items()) != 2 || c.Args[2].Name != "n" || c.Args[2].Value.Int != 3 {
		t.Errorf("first call: %+v", c)
	}
	if c := f.Summary.Calls[1]; c.Callee != "lib.jobs.run" || c.Args[0].Kind != facts.ArgSession {
		t.Errorf("second call: %+v", c)
	}
	if c := f.Summary.Calls[2]; c.Loop == (facts.Span{}) {
		t.Errorf("a call in a loop knows it: %+v", c)
	}
}

// holeKey is a hole's comparable fields, for sets of holes in tests.
type holeKey struct {
	Fact  facts.FactKind
	Index int
	Field facts.HoleField
	Param int
	Key   string
	Attr  string
}

func keyOf(h facts.Hole) holeKey {
	return holeKey{h.Fact, h.Index, h.Field, h.Param, h.Key, h.Attr}
}

// The write options imported constants fill are in the summary in key
// order, whatever order Go gives the options map: the summary is cached,
// and the fills it leads to are in the run record's check keys.
func TestGlobalsOfOptionsInKeyOrder(t *testing.T) {
	src := `from conf import A, B, C, D, E
df.write.format("delta").option("d", D).option("b", B).option("e", E).option("a", A).option("c", C).saveAsTable("t")
`
	for range 20 {
		f, _ := extract(t, src)
		var keys []string
		if f.Summary != nil {
			for _, g := range f.Summary.Globals {
				keys = append(keys, g.Key)
			}
		}
		if got := strings.Join(keys, " "); got != "a b c d e" {
			t.Fatalf("globals of the options in the order %q, want a b c d e", got)
		}
	}
}
