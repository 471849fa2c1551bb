package link_test

import (
	"testing"

	"github.com/lakelint/lakelint/facts"
)

// A write of what a helper of another module gives back gets the helper's
// steps before its own, and the call that gave it: the same as a helper of
// its own file. A helper that cannot be followed leaves the write as it was.
func TestReturnedFrames(t *testing.T) {
	files := map[string]string{
		"lib/shape.py": `from pyspark.sql import functions as F
from lib.deep import stamp


def stamped(df):
    return df.withColumn("ts", F.current_timestamp())


def chained(df):
    return stamp(df.filter("ok")).select("id", "day")


def other(df, dims):
    return dims.select("id")


def forever(df):
    return forever(df)
`,
		"lib/deep.py": `def stamp(df):
    return df.coalesce(2)
`,
		"jobs/a.py": `from lib.shape import stamped, chained, other, forever
from vendor import enrich
events = spark.read.table("raw.e")
stamped(events.where("x")).write.mode("append").saveAsTable("main.stamped")
chained(events).withColumn("n", F.lit(1)).write.mode("append").saveAsTable("main.chained")
other(events, spark.read.table("raw.d")).write.mode("append").saveAsTable("main.other")
enrich(events).write.mode("append").saveAsTable("main.enriched")
forever(events).write.mode("append").saveAsTable("main.forever")
`,
	}
	fs, res := project(t, files)
	f := fs["jobs/a.py"]
	res.For("jobs/a.py").Merge(f)
	byTable := map[string]*facts.Write{}
	for _, w := range f.Writes {
		byTable[w.Target.Table] = w
	}
	steps := func(w *facts.Write) []string {
		var out []string
		for _, s := range w.Transforms {
			out = append(out, s.Name+"@"+text(files, "jobs/a.py", s.Span))
		}
		return out
	}
	check := func(table string, helper bool, call string, want ...string) {
		t.Helper()
		w := byTable[table]
		if w == nil {
			t.Fatalf("no write to %s", table)
		}
		got := steps(w)
		if w.FrameFromHelper != helper || len(got) != len(want) {
			t.Fatalf("%s: FrameFromHelper %v, steps %q, want %v, %q", table, w.FrameFromHelper, got, helper, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s: step %d is %q, want %q", table, i, got[i], want[i])
			}
		}
		if c := text(files, "jobs/a.py", w.FrameCall); !helper && c != call || helper && w.FrameCall != (facts.Span{}) {
			t.Errorf("%s: the call that gave the DataFrame is %q, want %q", table, c, call)
		}
	}
	check("main.stamped", false, `stamped(events.where("x"))`,
		`where@.where("x")`, `withColumn@.withColumn("ts", F.current_timestamp())`)
	check("main.chained", false, `chained(events)`,
		`filter@.filter("ok")`, `coalesce@.coalesce(2)`, `select@.select("id", "day")`, `withColumn@.withColumn("n", F.lit(1))`)
	if w := byTable["main.chained"]; w.Transforms[1].Span.File != facts.FileOf("lib/deep.py") || w.Transforms[1].Removal != nil {
		t.Errorf("a third module's step keeps its place there, with no edit: %+v", w.Transforms[1])
	}
	// the helper gives back another argument than the DataFrame passed
	// first; a library's helper; a helper that never returns
	check("main.other", true, "")
	check("main.enriched", true, "")
	check("main.forever", true, "")
}
