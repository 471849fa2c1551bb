package link_test

import (
	"strings"
	"testing"

	"github.com/lakelint/lakelint/extract"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/link"
	"github.com/lakelint/lakelint/parsers"
)

// project extracts each file and links them.
func project(t *testing.T, files map[string]string) (map[string]*facts.File, link.Result) {
	t.Helper()
	b := &link.Builder{}
	out := map[string]*facts.File{}
	for p, src := range files {
		doc, err := parsers.Load(p, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		f := extract.File(doc)
		out[p] = f
		b.Add(p, f.Summary)
	}
	return out, b.Link()
}

// text is the source at sp, a span of a fact of file p (or of sp.File).
func text(files map[string]string, p string, sp facts.Span) string {
	if sp.File != 0 {
		p = sp.File.Path()
	}
	s := files[p]
	if sp.Start < 0 || sp.End > len(s) || sp.Start > sp.End {
		return "<bad span>"
	}
	return s[sp.Start:sp.End]
}

const helpers = `def write_table(df, table, cols, mode="append"):
    df.write.mode(mode).partitionBy(*cols).saveAsTable(table)


def write_stream(df, table, trigger="10 seconds"):
    df.writeStream.trigger(processingTime=trigger).toTable(table)
`

func TestAcrossModules(t *testing.T) {
	files := map[string]string{
		"src/lib/io.py": helpers,
		"jobs/a.py": `from lib.io import write_table as wt
import lib.io as io
df = spark.read.table("raw.a")
wt(df.repartition(8), "main.a", ["user_id"])
io.write_table(df, table="main.b", cols=["day"], mode="overwrite")
`,
	}
	fs, res := project(t, files)
	e := res.For("jobs/a.py")
	if e == nil || len(e.Writes) != 2 {
		t.Fatalf("writes added to jobs/a.py: %+v", e)
	}
	w := e.Writes[0]
	if w.Target.Table != "main.a" || w.Mode.Str != "append" || w.PartitionBy == nil || len(w.PartitionBy.Columns) != 1 {
		t.Fatalf("first write: %+v", w)
	}
	if got := text(files, "jobs/a.py", w.PartitionBy.Columns[0].Span); got != `"user_id"` {
		t.Errorf("partition column at %q, want the caller's argument", got)
	}
	if got := text(files, "jobs/a.py", w.At); got != `"main.a"` {
		t.Errorf("write reported at %q, want the table argument", got)
	}
	if len(w.Transforms) != 1 || w.Transforms[0].Name != "repartition" || len(w.Transforms[0].Removal) != 1 {
		t.Errorf("the caller's transforms (with their fix) come first: %+v", w.Transforms)
	}
	if got := text(files, "jobs/a.py", w.Span); got != "wt" || w.Span.Foreign() {
		t.Errorf("the write stands at %q (file %q) in the caller's order, want the callee name", got, w.Span.File.Path())
	}
	// the helper's own code keeps its place, in the helper's file
	if w.Mode.Span.File.Path() != "src/lib/io.py" || text(files, "jobs/a.py", w.Mode.Span) != `"append"` {
		t.Errorf("the default mode is at %+v, want the helper's default", w.Mode.Span)
	}
	if w.PartitionBy.Span.File.Path() != "src/lib/io.py" || text(files, "jobs/a.py", w.PartitionBy.Span) != ".partitionBy(*cols)" {
		t.Errorf("the partitioning call is at %+v, want the helper's", w.PartitionBy.Span)
	}
	if w.WriterIn != "src/lib/io.py" || !strings.HasPrefix(files["src/lib/io.py"][w.WriterAt:], ".write") {
		t.Errorf("the writer is at %d in %q, want the helper's .write", w.WriterAt, w.WriterIn)
	}
	if w2 := e.Writes[1]; w2.Target.Table != "main.b" || w2.Mode.Str != "overwrite" || text(files, "jobs/a.py", w2.Mode.Span) != `"overwrite"` {
		t.Errorf("keyword arguments: %+v", w2)
	}
	// the default mode "append" was used by the first call: the helper's
	// own file gets the default's fact once, at the default
	h := res.For("src/lib/io.py")
	if h == nil || len(h.Writes) != 1 || text(files, "src/lib/io.py", h.Writes[0].Mode.Span) != `"append"` {
		t.Fatalf("default applied in the helper: %+v", h)
	}
	if h.Writes[0].PartitionBy.Dynamic != fs["src/lib/io.py"].Writes[0].PartitionBy.Dynamic {
		t.Error("the defaults-only fact fills nothing but the default")
	}
}

func TestStreamTriggerDefault(t *testing.T) {
	files := map[string]string{
		"lib/streams.py": helpers,
		"jobs/s.py": `from lib.streams import write_stream
src = spark.readStream.table("raw.s")
write_stream(src, "main.s")
write_stream(src, "main.t", trigger="5 minutes")
`,
	}
	_, res := project(t, files)
	e := res.For("jobs/s.py")
	if e == nil || len(e.Writes) != 2 {
		t.Fatalf("%+v", e)
	}
	if tr := e.Writes[1].Trigger; tr == nil || tr.Seconds != 300 || text(files, "jobs/s.py", tr.Interval.Span) != `"5 minutes"` {
		t.Errorf("trigger passed: %+v", tr)
	}
	h := res.For("lib/streams.py")
	var found bool
	for _, w := range h.Writes {
		if w.Trigger != nil && text(files, "lib/streams.py", w.Trigger.Interval.Span) == `"10 seconds"` {
			found = true
		}
	}
	if !found {
		t.Errorf("the default trigger is applied at the default, in the helper: %+v", h.Writes)
	}
}

func TestRelativeRunsAndSplats(t *testing.T) {
	files := map[string]string{
		"pkg/io.py": helpers,
		"pkg/job.py": `from .io import write_table
COLS = ["event_date", "country"]
write_table(df, "main.rel", COLS)
args = [df, "main.splat", ["region"]]
write_table(*args)
`,
		"nb/Includes/setup.py": "# Databricks notebook source\n" + helpers,
		"nb/main.py":           "# Databricks notebook source\n# MAGIC %run ./Includes/setup\n\n# COMMAND ----------\n\nwrite_table(spark.read.table(\"x\"), \"main.nb\", [\"id\"])\n",
	}
	_, res := project(t, files)
	if e := res.For("pkg/job.py"); e == nil || len(e.Writes) != 2 || e.Writes[0].Target.Table != "main.rel" ||
		len(e.Writes[0].PartitionBy.Names()) != 2 || e.Writes[1].Target.Table != "main.splat" {
		t.Errorf("relative import and *args: %+v", e)
	}
	if e := res.For("nb/main.py"); e == nil || len(e.Writes) != 1 || e.Writes[0].Target.Table != "main.nb" {
		t.Errorf("%%run: %+v", e)
	}
}

func TestChainsCyclesAndAmbiguity(t *testing.T) {
	files := map[string]string{
		"lib/a.py": `from lib.b import save
def publish(df, table):
    save(df, table)
def loop(df, table):
    loop(df, table)
`,
		"lib/b.py": `def save(df, table):
    df.write.mode("append").saveAsTable(table)
`,
		"x/common.py": helpers,
		"y/common.py": helpers,
		"jobs/j.py": `from lib.a import publish, loop
from common import write_table
publish(df, "main.chain")
loop(df, "main.cycle")
write_table(df, "main.ambiguous", ["id"])
`,
	}
	_, res := project(t, files)
	e := res.For("jobs/j.py")
	if e == nil || len(e.Writes) != 1 || e.Writes[0].Target.Table != "main.chain" {
		t.Fatalf("chain through parameters, nothing for a cycle or two modules of one name: %+v", e)
	}
}

func TestSettingsOfCalledFunctions(t *testing.T) {
	files := map[string]string{
		"lib/conf.py": `def unsafe(spark):
    spark.conf.set("spark.databricks.delta.retentionDurationCheck.enabled", "false")
def never(spark):
    spark.conf.set("spark.sql.adaptive.enabled", "false")
`,
		"jobs/c.py": "from lib.conf import unsafe\nunsafe(spark)\n",
	}
	fs, res := project(t, files)
	if n := len(fs["lib/conf.py"].Settings); n != 0 {
		t.Errorf("settings in function bodies are the file's: %d", n)
	}
	if e := res.For("jobs/c.py"); e == nil || len(e.Settings) != 1 || !strings.HasPrefix(e.Settings[0].Key, "spark.databricks.delta.retention") {
		t.Errorf("the call sets it: %+v", e)
	}
	if e := res.For("lib/conf.py"); e == nil || len(e.Settings) != 1 || text(files, "lib/conf.py", e.Settings[0].At) == "unsafe" {
		t.Errorf("and the helper's file, once, at its own place: %+v", e)
	}
}
