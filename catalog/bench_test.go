package catalog_test

import (
	"fmt"
	"strconv"
	"sync"
	"testing"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/internal/corpusfacts"
	"github.com/lakelint/lakelint/link"
)

// The catalog benchmark extracts and links the generated corpus once,
// outside the timed loop, and times only the catalog: a Builder's Add of
// every file's facts and of what linking adds to it, as a run makes them,
// and its Catalog.
//
//	go test ./catalog -run '^$' -bench Catalog -benchmem

var (
	corpusOnce sync.Once
	corpusAdds []*facts.File
)

// corpus is what a run of the 10 MB generated corpus adds to the catalog:
// each file's facts, then the facts linking adds to each.
func corpus(b *testing.B) []*facts.File {
	corpusOnce.Do(func() {
		paths, files, err := corpusfacts.Extract(42, 10<<20)
		if err != nil {
			b.Fatal(err)
		}
		lb := &link.Builder{}
		for i, f := range files {
			lb.Add(paths[i], f.Summary)
		}
		corpusAdds = append(corpusAdds, files...)
		res := lb.Link()
		for _, p := range paths {
			if e := res.For(p); e != nil {
				corpusAdds = append(corpusAdds, &facts.File{Path: p, Writes: e.Writes, Reads: e.Reads, Tables: e.Tables, Maintenance: e.Maintenance})
			}
		}
	})
	return corpusAdds
}

func BenchmarkCatalog(b *testing.B) {
	files := corpus(b)
	b.ReportAllocs()
	for b.Loop() {
		var cb catalog.Builder
		for _, f := range files {
			cb.Add(f)
		}
		if len(cb.Catalog().Tables()) == 0 {
			b.Fatal("the corpus names tables")
		}
	}
}

// BenchmarkBusiest asks for the busiest writer of a table once for each
// file that writes it, as LL406 does on every file: the time per file
// stays flat as the writers grow.
//
//	go test ./catalog -run '^$' -bench Busiest
func BenchmarkBusiest(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			tg := facts.Target{Table: "main.web.clicks"}
			files := make([]*facts.File, n)
			for i := range files {
				files[i] = &facts.File{Path: fmt.Sprintf("jobs/j%04d.py", i), Writes: []*facts.Write{{
					API: facts.DataStreamWriter, Sink: "toTable", Target: tg, At: facts.Span{Start: 1, End: 2},
					Trigger: &facts.Trigger{Kind: facts.TriggerProcessingTime, Seconds: float64(10 + i%7), Parsed: true},
				}}}
			}
			var cb catalog.Builder
			for _, f := range files {
				cb.Add(f)
			}
			c := cb.Catalog()
			t := c.Lookup(tg)
			all := func(*catalog.Writer) bool { return true }
			b.ResetTimer()
			for b.Loop() {
				c.SetSchedules(nil) // a new run: nothing ranked yet
				for range files {
					if w, _ := c.Busiest(t, "all", all); w == nil {
						b.Fatal("no busiest writer")
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/file")
		})
	}
}

// BenchmarkCatalogEdit times what an edit to one file costs a Builder that
// holds the corpus: its part taken out, its facts added again, and the
// catalog made.
func BenchmarkCatalogEdit(b *testing.B) {
	files := corpus(b)
	cb := catalog.Builder{Keep: true}
	for _, f := range files {
		cb.Add(f)
	}
	cb.Catalog()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		f := files[i%len(files)]
		i += 7
		cb.Remove(f.Path)
		cb.Add(f)
		if len(cb.Catalog().Tables()) == 0 {
			b.Fatal("the corpus names tables")
		}
	}
}
