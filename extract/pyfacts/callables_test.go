package pyfacts

import (
	"testing"

	"github.com/lakelint/lakelint/facts"
)

// A method's stores on self are recorded for the link step: known in the
// straight-line body of __init__, unknown in a branch, and never for a
// static method, whose first parameter is no instance.
func TestAttributeStores(t *testing.T) {
	src := `class Writer:
    def __init__(self, table, fast=False):
        self.table = table
        self.parts = ["day"]
        if fast:
            self.trigger = "1 second"
        self.label = f"{table}!"

    def run(self, df):
        df.write.partitionBy(*self.parts).saveAsTable(self.table)

    @staticmethod
    def helper(x):
        x.table = "other"
`
	f, _ := extract(t, src)
	if f.Summary == nil || len(f.Summary.Funcs) != 3 {
		t.Fatalf("summary: %+v", f.Summary)
	}
	init, run, helper := f.Summary.Funcs[0], f.Summary.Funcs[1], f.Summary.Funcs[2]
	got := map[string]facts.ArgKind{}
	for _, a := range init.Attrs {
		got[a.Name] = a.Value.Kind
	}
	want := map[string]facts.ArgKind{"table": facts.ArgParam, "parts": facts.ArgList, "trigger": facts.ArgUnknown, "label": facts.ArgUnknown}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("store of %s: %v, want %v (all: %+v)", k, got[k], v, init.Attrs)
		}
	}
	if len(helper.Attrs) != 0 {
		t.Errorf("a static method stores nothing on an instance: %+v", helper.Attrs)
	}
	holes := map[holeKey]bool{}
	for _, h := range run.Holes {
		k := keyOf(h)
		k.Index, k.Key = 0, ""
		holes[k] = true
	}
	for _, h := range []holeKey{
		{Fact: facts.FactWrite, Field: facts.HoleTable, Param: 0, Attr: "table"},
		{Fact: facts.FactWrite, Field: facts.HolePartitionBy, Param: 0, Attr: "parts"},
	} {
		if !holes[h] {
			t.Errorf("missing hole %+v in %+v", h, run.Holes)
		}
	}
}

// Calls of code held in values: an instance's method with the instance
// first, a bound method and a partial given to foreachBatch, a lambda's
// call, and a parameter called as a function.
func TestCallableCalls(t *testing.T) {
	src := `import functools
from lib.writers import Sink

def run(df, sink):
    sink(df)

def upsert(b, i, table):
    b.write.saveAsTable(table)

class Job:
    def go(self, stream):
        stream.writeStream.foreachBatch(self.upsert).start()

s = Sink("main.t", ["day"])
s.write(df)
updates.writeStream.foreachBatch(functools.partial(upsert, table="main.u")).start()
updates.writeStream.foreachBatch(lambda b, i: upsert(b, i, "main.v")).start()
`
	f, _ := extract(t, src)
	if f.Summary == nil {
		t.Fatal("no summary")
	}
	var runFn, goFn *facts.Func
	for _, fn := range f.Summary.Funcs {
		switch fn.Name {
		case "run":
			runFn = fn
		case "Job.go":
			goFn = fn
		}
	}
	if runFn == nil || len(runFn.Calls) != 1 || runFn.Calls[0].CalleeParam != 2 {
		t.Errorf("sink(df) calls parameter 1: %+v", runFn)
	}
	if goFn == nil || len(goFn.Calls) != 1 || goFn.Calls[0].Callee != "Job.upsert" || goFn.Calls[0].Kind != "foreachBatch" ||
		len(goFn.Calls[0].Args) != 3 || goFn.Calls[0].Args[0].Kind != facts.ArgParam {
		t.Errorf("foreachBatch(self.upsert): %+v", goFn)
	}
	calls := map[string]*facts.Call{}
	for _, c := range f.Summary.Calls {
		calls[c.Callee] = c
	}
	if c := calls["lib.writers.Sink.write"]; c == nil || c.Args[0].Kind != facts.ArgObject ||
		c.Args[0].Func() != "lib.writers.Sink" || len(c.Args[0].Args()) != 2 || len(c.Args) != 2 {
		t.Errorf("s.write(df): %+v", c)
	}
	var batch []*facts.Call
	for _, c := range f.Summary.Calls {
		if c.Callee == "upsert" {
			batch = append(batch, c)
		}
	}
	if len(batch) != 2 {
		t.Fatalf("foreachBatch calls of upsert: %+v", batch)
	}
	for _, c := range batch {
		frame, table := false, ""
		for _, a := range c.Args {
			if a.Name == "" && a.Kind == facts.ArgFrame && !frame {
				frame = true
			}
			if a.Kind == facts.ArgValue {
				table = a.Value.Str
			}
		}
		if c.Kind != "foreachBatch" || len(c.Args) != 3 || !frame || table == "" {
			t.Errorf("a foreachBatch call with the micro-batch and the table: %+v", c)
		}
	}
	if a := batch[0].Args[0]; a.Name != "table" || a.Value.Str != "main.u" {
		t.Errorf("partial's keyword, bound by name: %+v", batch[0].Args)
	}
}
