package link_test

import (
	"testing"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/link"
)

// BenchmarkLinkEncoded times the link step as a run makes it: every
// summary given encoded (as the cache and the extractor leave them), then
// Link, which decodes each when it needs it.
//
//	go test ./link -run '^$' -bench LinkEncoded -benchmem
func BenchmarkLinkEncoded(b *testing.B) {
	paths, files := corpus(b)
	encs := make([][]byte, len(files))
	for i, f := range files {
		encs[i] = facts.AppendSummary(nil, f.Summary)
	}
	b.ReportAllocs()
	for b.Loop() {
		lb := &link.Builder{}
		for i, e := range encs {
			lb.AddEncoded(paths[i], e)
		}
		if len(lb.Link()) == 0 {
			b.Fatal("the corpus calls its helpers: linking adds facts")
		}
	}
}
