package catalog_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/extract"
	"github.com/lakelint/lakelint/extract/link"
	"github.com/lakelint/lakelint/extract/pyfacts"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/internal/corpusgen"
	"github.com/lakelint/lakelint/parsers"
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
		lb := &link.Builder{Seconds: pyfacts.IntervalSeconds}
		var paths []string
		for i, src := range corpusgen.Files(42, 10<<20) {
			p := fmt.Sprintf("corpus/pkg%02d/job_%04d.py", i/100, i)
			doc, err := parsers.Load(p, src)
			if err != nil {
				b.Fatal(err)
			}
			f := extract.File(doc)
			lb.Add(p, f.Summary)
			paths = append(paths, p)
			corpusAdds = append(corpusAdds, f)
		}
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
