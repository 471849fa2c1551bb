package facts_test

import (
	"sync"
	"testing"
	"time"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/internal/corpusfacts"
	"github.com/lakelint/lakelint/internal/cputime"
)

// The codec benchmarks time the encoding and decoding of the facts of a
// 4 MB generated corpus, extracted once outside the timed loop.
//
//	go test ./facts -run '^$' -bench Codec -benchmem

var (
	benchOnce  sync.Once
	benchFacts []*facts.File
	benchBytes [][]byte
)

func benchCorpus(b *testing.B) ([]*facts.File, [][]byte) {
	benchOnce.Do(func() {
		var err error
		if _, benchFacts, err = corpusfacts.Extract(42, 4<<20); err != nil {
			b.Fatal(err)
		}
		for _, f := range benchFacts {
			enc, _ := f.MarshalBinary()
			benchBytes = append(benchBytes, enc)
		}
	})
	return benchFacts, benchBytes
}

func BenchmarkCodecEncode(b *testing.B) {
	files, _ := benchCorpus(b)
	b.ReportAllocs()
	cpu0 := cputime.Process()
	defer reportCPU(b, cpu0)
	var buf []byte
	for b.Loop() {
		for _, f := range files {
			buf, _ = f.AppendBinary(buf[:0])
		}
	}
}

func BenchmarkCodecDecode(b *testing.B) {
	_, encoded := benchCorpus(b)
	b.ReportAllocs()
	cpu0 := cputime.Process()
	defer reportCPU(b, cpu0)
	for b.Loop() {
		for _, enc := range encoded {
			var f facts.File
			if err := f.UnmarshalBinary(enc); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// reportCPU reports the processor time per operation since cpu0, which a
// shared machine disturbs less than the time that passed.
func reportCPU(b *testing.B, cpu0 time.Duration) {
	b.ReportMetric(float64(cputime.Process()-cpu0)/float64(b.N), "cpu-ns/op")
}
