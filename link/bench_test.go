package link_test

import (
	"sync"
	"testing"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/internal/corpusfacts"
	"github.com/lakelint/lakelint/link"
)

// The link benchmark extracts the generated corpus once, outside the timed
// loop, and times only the link step: a Builder's Add of every summary and
// its Link, as a run makes them.
//
//	go test ./link -run '^$' -bench Link -benchmem

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

func BenchmarkLink(b *testing.B) {
	paths, files := corpus(b)
	b.ReportAllocs()
	for b.Loop() {
		lb := &link.Builder{}
		for i, f := range files {
			lb.Add(paths[i], f.Summary)
		}
		if len(lb.Link()) == 0 {
			b.Fatal("the corpus calls its helpers: linking adds facts")
		}
	}
}
