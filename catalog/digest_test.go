package catalog

import (
	"testing"
	"time"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/stats"
)

func digestOf(files []*facts.File, order []int, live *stats.Table) [32]byte {
	var b Builder
	for _, i := range order {
		b.Add(files[i])
	}
	c := b.Catalog()
	if live != nil {
		c.Tables()[0].Live = live
	}
	return c.Digest()
}

// The digest is the same for the same facts in any order of files and map
// filling, and changes with what the tables hold, down to the file a span
// of another file names.
func TestDigestFollowsContent(t *testing.T) {
	files := func(prop string, helper string) []*facts.File {
		return []*facts.File{
			{Path: "a.sql", Tables: []*facts.TableDef{{Name: "m.s.t", Format: "delta",
				Properties: map[string]facts.Value{"delta.autooptimize.optimizewrite": str(prop), "delta.x": str("1"), "delta.y": str("2")}}}},
			{Path: "b.py", Writes: []*facts.Write{{API: facts.DataFrameWriter, Mode: str("append"), Target: facts.Target{Table: "m.s.t"},
				At: facts.Span{Start: 3, End: 9, File: facts.FileOf(helper)}}}},
		}
	}
	live := func() *stats.Table {
		return &stats.Table{Name: "m.s.t", FetchedAt: time.Unix(1700000000, 5), Properties: map[string]string{"a": "1", "b": "2", "c": "3"},
			History: &stats.History{Operations: map[string]int{"WRITE": 3, "MERGE": 1, "OPTIMIZE": 2}}}
	}
	base := digestOf(files("true", "lib/h.py"), []int{0, 1}, live())
	for range 10 {
		if d := digestOf(files("true", "lib/h.py"), []int{1, 0}, live()); d != base {
			t.Fatal("the same facts in another order give another digest")
		}
	}
	if digestOf(files("false", "lib/h.py"), []int{0, 1}, live()) == base {
		t.Error("a property's value is not in the digest")
	}
	if digestOf(files("true", "lib/other.py"), []int{0, 1}, live()) == base {
		t.Error("the file of a span is not in the digest")
	}
	changed := live()
	changed.History.Operations["WRITE"] = 4
	if digestOf(files("true", "lib/h.py"), []int{0, 1}, changed) == base {
		t.Error("the live state is not in the digest")
	}
	// the clock reading of a time is not part of it, the instant is
	now := time.Now()
	a, b := live(), live()
	a.FetchedAt, b.FetchedAt = now, now.Round(0)
	if digestOf(files("true", "lib/h.py"), []int{0, 1}, a) != digestOf(files("true", "lib/h.py"), []int{0, 1}, b) {
		t.Error("the monotonic clock reading of FetchedAt changes the digest")
	}
}
