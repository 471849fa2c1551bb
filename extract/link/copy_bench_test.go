package link

import (
	"testing"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/internal/corpusfacts"
)

// BenchmarkCopy times the deep copies the link step makes of a helper's
// facts, within their file and into another, over every function summary
// of a 4 MB generated corpus.
func BenchmarkCopy(b *testing.B) {
	_, files, err := corpusfacts.Extract(42, 4<<20)
	if err != nil {
		b.Fatal(err)
	}
	var all []any
	for _, f := range files {
		if f.Summary == nil {
			continue
		}
		for _, fn := range f.Summary.Funcs {
			for _, w := range fn.Writes {
				all = append(all, w)
			}
			for _, r := range fn.Reads {
				all = append(all, r)
			}
			for _, t := range fn.Tables {
				all = append(all, t)
			}
			for _, s := range fn.Settings {
				all = append(all, s)
			}
			for _, m := range fn.Maintenance {
				all = append(all, m)
			}
		}
	}
	if len(all) == 0 {
		b.Fatal("the corpus has no helper facts")
	}
	at := facts.Span{Start: 1, End: 2}
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range all {
			copyFact(p, "", at)
			copyFact(p, "lib/helpers.py", at)
		}
	}
}
