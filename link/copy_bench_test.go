package link

import (
	"testing"
	"time"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/internal/corpusfacts"
	"github.com/lakelint/lakelint/internal/cputime"
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
	cpu0 := cputime.Process()
	defer reportCPU(b, cpu0)
	for b.Loop() {
		for _, p := range all {
			copyFact(p, "", at)
			copyFact(p, "lib/helpers.py", at)
		}
	}
}

// reportCPU reports the processor time per operation since cpu0, which a
// shared machine disturbs less than the time that passed.
func reportCPU(b *testing.B, cpu0 time.Duration) {
	b.ReportMetric(float64(cputime.Process()-cpu0)/float64(b.N), "cpu-ns/op")
}
