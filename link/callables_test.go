package link_test

import (
	"testing"
)

// Instances, bound functions and functions passed as values are followed
// across modules, and calls that loop back on themselves end.
func TestCallablesAcrossModules(t *testing.T) {
	files := map[string]string{
		"lib/sinks.py": `class Sink:
    def __init__(self, table, parts):
        self.table = table
        self.parts = parts

    def write(self, df):
        self.write(df)
        df.write.partitionBy(*self.parts).saveAsTable(self.table)


def write_parquet(df, path):
    df.write.parquet(path)


def run(df, sink, where):
    sink(df, where)
    run(df, run, where)
`,
		"jobs/a.py": `from lib.sinks import Sink, run, write_parquet
df = spark.read.table("raw.a")
Sink("main.a", ["day"]).write(df)
s = Sink(table="main.b", parts=["user_id"])
s.write(df)
run(df, write_parquet, "/mnt/out/a")
run(df, run, "/mnt/out/b")
`,
	}
	_, res := project(t, files)
	e := res.For("jobs/a.py")
	if e == nil {
		t.Fatal("nothing linked")
	}
	got := map[string]string{}
	for _, w := range e.Writes {
		name := w.Target.Table + w.Target.Path
		cols := ""
		if w.PartitionBy != nil {
			for _, c := range w.PartitionBy.Columns {
				cols += c.Name
			}
		}
		got[name] = cols
		if at := text(files, "jobs/a.py", w.Target.Span); at != `"`+name+`"` {
			t.Errorf("%s: reported at %q, not at the argument naming it", name, at)
		}
	}
	want := map[string]string{"main.a": "day", "main.b": "user_id", "/mnt/out/a": ""}
	for k, v := range want {
		if c, ok := got[k]; !ok || c != v {
			t.Errorf("write to %s: got %q (present %v), want %q; all %v", k, c, ok, v, got)
		}
	}
	if len(got) != len(want) {
		t.Errorf("writes %v, want %v", got, want)
	}
}
