package link_test

import "testing"

// Each write a call adds says which call it comes from: a helper's write
// applied at a call names the call, and one a foreachBatch function makes
// names the foreachBatch call, for the stream whose batches make it.
func TestAppliedWritesNameTheirCall(t *testing.T) {
	files := map[string]string{
		"lib/io.py": helpers + `

def upsert(batch_df, batch_id):
    batch_df.write.mode("append").saveAsTable("main.batches")
`,
		"jobs/a.py": `from lib.io import write_table, upsert
df = spark.read.table("raw.a")
write_table(df, "main.a", ["day"])
spark.readStream.table("raw.s").writeStream.foreachBatch(upsert).start()
`,
	}
	fs, res := project(t, files)
	e := res.For("jobs/a.py")
	if e == nil || len(e.Writes) != 2 {
		t.Fatalf("writes added to jobs/a.py: %+v", e)
	}
	var plain, batch int
	for _, w := range e.Writes {
		if w.Via == nil {
			t.Fatalf("a write added at a call does not name it: %+v", w)
		}
		call, site := text(files, "jobs/a.py", w.Via.Call), text(files, "jobs/a.py", w.Via.Site)
		switch w.Target.Table {
		case "main.a":
			plain++
			if w.Via.ForeachBatch || call != `write_table(df, "main.a", ["day"])` || site != call {
				t.Errorf("the helper's write is applied at %q, site %q, foreachBatch %v", call, site, w.Via.ForeachBatch)
			}
		case "main.batches":
			batch++
			if !w.Via.ForeachBatch || call != `spark.readStream.table("raw.s").writeStream.foreachBatch(upsert)` {
				t.Errorf("the batch function's write is made at %q, foreachBatch %v", call, w.Via.ForeachBatch)
			}
		}
	}
	if plain != 1 || batch != 1 {
		t.Errorf("writes %+v", e.Writes)
	}
	// the helper's own writes, in its own file, are no call's
	for _, w := range fs["lib/io.py"].Writes {
		if w.Via != nil {
			t.Errorf("the helper's own write names a call: %+v", w.Via)
		}
	}
}
