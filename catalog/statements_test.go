package catalog

import (
	"slices"
	"testing"

	"github.com/lakelint/lakelint/facts"
)

func TestStatementsKeepEachWriteReadAndMaintenance(t *testing.T) {
	tg := facts.Target{Table: "main.web.clicks"}
	stream := &facts.File{Path: "b_stream.py",
		Settings: []*facts.Setting{{Key: "spark.databricks.delta.autoCompact.enabled", Value: str("true"), Span: facts.Span{Start: 1, End: 2}, At: facts.Span{Start: 1, End: 2}}},
		Writes: []*facts.Write{
			{API: facts.DataStreamWriter, Sink: "toTable", Target: tg, Span: facts.Span{Start: 10, End: 20}, At: facts.Span{Start: 15, End: 20},
				Trigger: &facts.Trigger{Kind: facts.TriggerProcessingTime, Interval: str("10 seconds"), Seconds: 10, Parsed: true}},
			// a foreachBatch function's MERGE: in the file's facts, then again as the stream's
			{API: facts.DeltaTableMerge, Sink: "execute", Target: tg, Span: facts.Span{Start: 30, End: 40}, At: facts.Span{Start: 35, End: 40}},
		}}
	applied := &facts.File{Path: "b_stream.py", Writes: []*facts.Write{
		{API: facts.DeltaTableMerge, Sink: "execute", Target: tg, Span: facts.Span{Start: 30, End: 40}, At: facts.Span{Start: 35, End: 40}, Via: &facts.Via{ForeachBatch: true}},
	}}
	batch := &facts.File{Path: "a_job.py", Writes: []*facts.Write{
		{API: facts.DataFrameWriter, Sink: "saveAsTable", Mode: str("append"), Target: tg, At: facts.Span{Start: 5, End: 9},
			Transforms: []facts.Transform{{Name: "repartition", NumPartitions: facts.Value{Kind: facts.Int, Int: 8}, HasNum: true}}},
	}, Reads: []*facts.Read{{Kind: facts.StreamRead, Target: tg, At: facts.Span{Start: 1, End: 3}}},
		Maintenance: []*facts.Maintenance{
			{Kind: facts.Optimize, Target: tg, At: facts.Span{Start: 50, End: 58}},
			{Kind: facts.Vacuum, Target: tg, At: facts.Span{Start: 60, End: 66}, Retain: facts.Value{Kind: facts.Int, Int: 168, Str: "168"}, HasRetain: true},
		}}
	c := Build([]*facts.File{stream, applied, batch})
	tb := c.Lookup(tg)
	ws := tb.Statements.Writers
	if len(ws) != 3 {
		t.Fatalf("writers = %d, want 3 (the MERGE once)", len(ws))
	}
	if ws[0].Path != "a_job.py" || ws[0].Fact.FilesPerRun != 8 || ws[0].Fact.Mode != "append" {
		t.Errorf("batch writer = %+v", ws[0].Fact)
	}
	if w := ws[1].Fact; !w.Stream || w.TriggerSeconds != 10 || len(w.Session) != 1 || w.Session[0].Value != "true" {
		t.Errorf("stream writer = %+v", w)
	}
	if w := ws[2].Fact; !w.ForeachBatch {
		t.Errorf("the MERGE kept is not the foreachBatch one: %+v", w)
	}
	if len(tb.Statements.Readers) != 1 || len(tb.Optimizes()) != 1 || tb.Statements.Maintenance[1].Fact.String() != "VACUUM RETAIN 168 HOURS" {
		t.Errorf("readers %v, maintenance %v", tb.Statements.Readers, tb.Statements.Maintenance)
	}

	// the busiest writer: the stream, until a schedule says the batch job runs more often
	busiest, f := c.Busiest(tb, "all", func(*Writer) bool { return true })
	if busiest == nil || busiest.Path != "b_stream.py" || f.RunsPerDay != 8640 {
		t.Fatalf("busiest = %+v, %+v", busiest, f)
	}
	if c.Frequency(&ws[0]).Source != "" {
		t.Error("a batch write with no schedule has no frequency")
	}
	c.SetSchedules(func(path string) (Frequency, bool) {
		return Frequency{RunsPerDay: 86400, Known: true, Source: "every second"}, path == "a_job.py"
	})
	if busiest, _ := c.Busiest(tb, "all", func(*Writer) bool { return true }); busiest.Path != "a_job.py" {
		t.Errorf("with a schedule the busiest is %s", busiest.Path)
	}
	// a kept answer is the one of its key: another predicate ranks anew
	if busiest, _ := c.Busiest(tb, "batch only", func(w *Writer) bool { return !w.Stream }); busiest == nil || busiest.Path != "a_job.py" {
		t.Errorf("batch only: %+v", busiest)
	}
	if busiest, _ := c.Busiest(tb, "streams only", func(w *Writer) bool { return w.Stream }); busiest == nil || busiest.Path != "b_stream.py" {
		t.Errorf("streams only: %+v", busiest)
	}
	if hourly := (Frequency{RunsPerDay: 24, Known: true}); hourly.Frequent() {
		t.Error("hourly is not more often than hourly")
	}
}

// A setting a later part of a file adds (what linking adds: a helper's or
// a %run notebook's) is in effect at the writes of the file's own part
// after it, and a write of the later part sees the own part's settings.
func TestSessionFromEveryPart(t *testing.T) {
	tg := facts.Target{Table: "main.web.clicks"}
	on := func(key string, at int) *facts.Setting {
		return &facts.Setting{Key: key, Value: str("true"), Span: facts.Span{Start: at, End: at + 1}, At: facts.Span{Start: at, End: at + 1}}
	}
	own := &facts.File{Path: "job.py",
		Settings: []*facts.Setting{on("spark.databricks.delta.optimizeWrite.enabled", 1)},
		Writes: []*facts.Write{
			{API: facts.DataStreamWriter, Sink: "toTable", Target: tg, Span: facts.Span{Start: 5, End: 6}, At: facts.Span{Start: 5, End: 6}},     // before the helper's setting
			{API: facts.DataStreamWriter, Sink: "toTable", Target: tg, Span: facts.Span{Start: 20, End: 21}, At: facts.Span{Start: 20, End: 21}}, // after it
		}}
	linked := &facts.File{Path: "job.py",
		Settings: []*facts.Setting{on("spark.databricks.delta.autoCompact.enabled", 10)},
		Writes:   []*facts.Write{{API: facts.DataFrameWriter, Sink: "saveAsTable", Target: tg, Span: facts.Span{Start: 30, End: 31}, At: facts.Span{Start: 30, End: 31}, Via: &facts.Via{}}},
	}
	c := Build([]*facts.File{own, linked})
	keys := func(w Writer) (out []string) {
		for _, s := range w.Session {
			out = append(out, s.Key)
		}
		return out
	}
	ws := c.Lookup(tg).Statements.Writers
	if len(ws) != 3 {
		t.Fatalf("writers = %d, want 3", len(ws))
	}
	want := [][]string{
		{"spark.databricks.delta.optimizeWrite.enabled"},
		{"spark.databricks.delta.optimizeWrite.enabled", "spark.databricks.delta.autoCompact.enabled"},
		{"spark.databricks.delta.optimizeWrite.enabled", "spark.databricks.delta.autoCompact.enabled"},
	}
	for i, w := range ws {
		if got := keys(*w.Fact); !slices.Equal(got, want[i]) {
			t.Errorf("writer %d session = %v, want %v", i, got, want[i])
		}
	}
}
