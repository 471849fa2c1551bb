package pyfacts

import (
	"testing"

	"github.com/lakelint/lakelint/facts"
)

// A function that makes a writer from its DataFrame parameter is summarised
// as a writer helper that builds (facts.WriterHelper.Builds), one that
// returns something else is not, and a helper's foreachBatch names the
// function the stream hands its micro-batches to.
func TestWriterBuilderSummary(t *testing.T) {
	src := `def make(spark, df, cp):
    return df.writeStream.format("delta").option("checkpointLocation", cp)

def frame(df):
    return df.select("a")

def batches(w, fn):
    return w.foreachBatch(fn)
`
	f, _ := extract(t, src)
	if f.Summary == nil || len(f.Summary.Funcs) != 3 {
		t.Fatalf("summary: %+v", f.Summary)
	}
	mk, fr, bt := f.Summary.Funcs[0], f.Summary.Funcs[1], f.Summary.Funcs[2]
	if h := mk.Writer; h == nil || !h.Builds || h.Param != 1 || h.API != facts.DataStreamWriter ||
		len(h.Ways) != 1 || h.Ways[0].Sets.Format != "delta" {
		t.Errorf("make: %+v", mk.Writer)
	}
	if fr.Writer != nil {
		t.Errorf("frame returns a DataFrame, not a writer: %+v", fr.Writer)
	}
	if h := bt.Writer; h == nil || h.Builds || len(h.Ways) != 1 || h.Ways[0].Sets.Batch != "fn" {
		t.Errorf("batches: %+v", bt.Writer)
	}
}
