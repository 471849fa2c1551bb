package link_test

import (
	"sync"
	"testing"

	"github.com/lakelint/lakelint/extract/link"
	"github.com/lakelint/lakelint/extract/pyfacts"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/internal/corpusfacts"
)

// The link benchmark extracts the generated corpus once, outside the timed
// loop, and times only the link step: a Builder's Add of every summary and
// its Link, as a run makes them.
//
//	go test ./extract/link -run '^$' -bench Link -benchmem

var (
	corpusOnce  sync.Once
	corpusPaths []string
	corpusFacts []*facts.File
)

// corpus is the facts of the 10 MB generated corpus, laid out as
// corpusgen.WriteDir writes it, extracted once per test binary.
func corpus(b *testing.B) ([]string, []*facts.File) {
	corpusOnce.Do(func() {
		var err error
		if corpusPaths, corpusFacts, err = corpusfacts.Extract(42, 10<<20); err != nil {
			b.Fatal(err)
		}
	})
	return corpusPaths, corpusFacts
}

// markVia stands for the engine's OnWrite, which marks each applied write.
func markVia(call *facts.Call, w *facts.Write) {
	w.Via = &facts.Via{Call: call.Span, ForeachBatch: call.Kind == "foreachBatch"}
}

func BenchmarkLink(b *testing.B) {
	paths, files := corpus(b)
	b.ReportAllocs()
	for b.Loop() {
		lb := &link.Builder{Seconds: pyfacts.IntervalSeconds, OnWrite: markVia}
		for i, f := range files {
			lb.Add(paths[i], f.Summary)
		}
		if len(lb.Link()) == 0 {
			b.Fatal("the corpus calls its helpers: linking adds facts")
		}
	}
}
