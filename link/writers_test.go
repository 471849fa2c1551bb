package link_test

import (
	"testing"

	"github.com/lakelint/lakelint/facts"
)

// A write finished on a writer that a helper of another module configured
// and returned is added with what the helper set, over what the caller set
// before the call and under what it set after; a helper the project does
// not define adds nothing.
func TestWriterHelpersAcrossModules(t *testing.T) {
	files := map[string]string{
		"lib/writers.py": `def scheduled(w):
    return w.outputMode("append").format("delta").option("checkpointLocation", "/chk").trigger(availableNow=True)


def maybe(w, on):
    if on:
        w = w.trigger(availableNow=True)
    return w


def part(w):
    return w.partitionBy("day").mode("overwrite")


def describe(w):
    print(w)
`,
		"jobs/a.py": `from lib.writers import scheduled, maybe, part, describe
scheduled(df.writeStream.format("parquet")).toTable("t1")
scheduled(df.writeStream).trigger(processingTime="5 minutes").option("checkpointLocation", "/mine").toTable("t2")
maybe(df.writeStream, x).toTable("t3")
maybe(df.writeStream, True).toTable("t4")
part(df.write.format("delta")).saveAsTable("t5")
part(df.write).save("/p", mode="append")
elsewhere(df.writeStream).toTable("t7")
w = df.writeStream.trigger(once=True)
describe(w)
w.toTable("t8")
`,
	}
	_, res := project(t, files)
	e := res.For("jobs/a.py")
	if e == nil {
		t.Fatal("nothing added to jobs/a.py")
	}
	got := map[string]*facts.Write{}
	for _, w := range e.Writes {
		got[w.Target.Table+w.Target.Path] = w
	}
	trigger := func(w *facts.Write) facts.TriggerKind {
		if w == nil || w.Trigger == nil {
			return ""
		}
		return w.Trigger.Kind
	}
	if w := got["t1"]; trigger(w) != facts.TriggerAvailableNow || w.Format != "delta" || w.Options["checkpointlocation"].Str != "/chk" {
		t.Errorf("t1: the helper's settings replace the caller's earlier ones: %+v", w)
	}
	if w := got["t1"]; w != nil && (text(files, "jobs/a.py", w.Trigger.Span) != "scheduled" || !w.Trigger.Interval.ReadOnly) {
		t.Errorf("t1: a trigger set in another file stands at the call, never edited: %+v", w.Trigger)
	}
	if w := got["t2"]; trigger(w) != facts.TriggerProcessingTime || w.Options["checkpointlocation"].Str != "/mine" || w.Format != "delta" {
		t.Errorf("t2: what the caller sets after the call stands: %+v", w)
	}
	if w := got["t3"]; w == nil || w.HasTrigger || w.Stream.NoTriggerWhen != "`on` is false" {
		t.Errorf("t3: a flag not known leaves the trigger unset when it is false: %+v", w)
	}
	if w := got["t4"]; trigger(w) != facts.TriggerAvailableNow || w.Stream.NoTriggerWhen != "" {
		t.Errorf("t4: a literal flag takes its branch: %+v", w)
	}
	if w := got["t5"]; w == nil || w.Format != "delta" || w.Mode.Str != "overwrite" || w.PartitionBy == nil || w.PartitionBy.Columns[0].Name != "day" {
		t.Errorf("t5: a batch writer's helper: %+v", w)
	}
	if w := got["/p"]; w == nil || w.Mode.Str != "append" || w.PartitionBy == nil {
		t.Errorf("/p: the sink's own mode stands over the helper's: %+v", w)
	}
	if w := got["t7"]; w != nil {
		t.Errorf("t7: a helper the project does not define adds no write: %+v", w)
	}
	if w := got["t8"]; trigger(w) != facts.TriggerOnce {
		t.Errorf("t8: a writer passed to a call that is no writer helper goes on as configured: %+v", w)
	}
	if len(e.Writes) != 7 {
		t.Errorf("%d writes added, want 7", len(e.Writes))
	}
}
