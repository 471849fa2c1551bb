package engine_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sourcegraph/conc/pool"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/internal/corpusgen"
	"github.com/lakelint/lakelint/parsers"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/python"
)

// The benchmarks read a generated corpus of varied PySpark jobs from disk,
// as `lakelint check` would. Parse-only reads, loads and parses every file
// with the same parallelism as check; check does everything else too (facts,
// catalog, every rule, positions). Compare their MB/s, and peak-heap-MB
// across corpus sizes: memory follows the largest file, not the corpus.
//
//	go test ./engine -run '^$' -bench 'ParseOnly|Check' -benchtime 3x

// corpusDir returns a corpus of size MB, generated once per version.
func corpusDir(b *testing.B, mb int) (string, int64) {
	b.Helper()
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("lakelint-corpus-v1-%dmb", mb))
	if _, err := os.Stat(filepath.Join(dir, "done")); err != nil {
		os.RemoveAll(dir)
		if _, err := corpusgen.WriteDir(dir, 42, mb<<20); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "done"), nil, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	var total int64
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && filepath.Ext(p) == ".py" {
			total += info.Size()
		}
		return nil
	})
	return dir, total
}

// peakHeap samples the live heap while f runs and returns its maximum.
func peakHeap(f func()) uint64 {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var peak atomic.Uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(2 * time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(sample)
			if v := sample[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	f()
	close(done)
	wg.Wait()
	return peak.Load()
}

// liveHeap collects garbage and returns the bytes still in use.
func liveHeap() uint64 {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(sample)
	return sample[0].Value.Uint64()
}

var sizes = []int{10, 20, 40}

// corpusFiles returns a corpus and its files, as check would find them.
func corpusFiles(b *testing.B, mb int) (string, []string, int64) {
	dir, total := corpusDir(b, mb)
	files, err := engine.Discover([]string{dir}, nil)
	if err != nil {
		b.Fatal(err)
	}
	return dir, files, total
}

func newBenchLinter(b *testing.B) *engine.Linter {
	configs, err := config.NewResolver(config.ResolverOptions{})
	if err != nil {
		b.Fatal(err)
	}
	return engine.New(configs, engine.Options{})
}

func BenchmarkParseOnly(b *testing.B) {
	for _, mb := range sizes {
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			_, files, total := corpusFiles(b, mb)
			b.SetBytes(total)
			var peak uint64
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				peak = max(peak, peakHeap(func() { parseAll(b, files) }))
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
		})
	}
}

// parseAll parses files with the parallelism check uses.
func parseAll(b *testing.B, files []string) {
	p := pool.New().WithMaxGoroutines(engine.Workers())
	for _, f := range files {
		p.Go(func() { parseOnly(b, f) })
	}
	p.Wait()
}

// BenchmarkCheckVsParseOnly alternates a parse-only pass and a check over
// the same corpus and reports check's time as a multiple of parse-only's.
// Alternating in one process makes the ratio robust to a machine whose
// speed drifts between runs (a shared CI runner, say).
func BenchmarkCheckVsParseOnly(b *testing.B) {
	for _, mb := range sizes {
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			dir, files, total := corpusFiles(b, mb)
			l := newBenchLinter(b)
			b.SetBytes(total)
			var parse, check time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				start := time.Now()
				parseAll(b, files)
				parse += time.Since(start)
				start = time.Now()
				if _, err := l.Lint(context.Background(), []string{dir}); err != nil {
					b.Fatal(err)
				}
				check += time.Since(start)
			}
			b.ReportMetric(check.Seconds()/parse.Seconds(), "check/parse")
			b.ReportMetric(float64(total)/(1<<20)/parse.Seconds()*float64(b.N), "parse-MB/s")
			b.ReportMetric(float64(total)/(1<<20)/check.Seconds()*float64(b.N), "check-MB/s")
		})
	}
}

func parseOnly(b *testing.B, path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		b.Error(err)
		return
	}
	doc, err := parsers.Load(path, data)
	if err != nil {
		b.Error(err)
		return
	}
	for _, r := range doc.Regions {
		if r.Lang == document.Python {
			// as extraction does: the tree's memory goes back for the next parse
			t, err := python.Parse(r.Text)
			if err != nil {
				b.Error(err)
				continue
			}
			t.Release()
		}
	}
}

func BenchmarkCheck(b *testing.B) {
	for _, mb := range sizes {
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			dir, total := corpusDir(b, mb)
			l := newBenchLinter(b)
			b.SetBytes(total)
			var peak, result uint64
			findings := 0
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				peak = max(peak, peakHeap(func() {
					res, err := l.Lint(context.Background(), []string{dir})
					if err != nil {
						b.Fatal(err)
					}
					findings = len(res.Findings)
					b.StopTimer()
					result = liveHeap()
					runtime.KeepAlive(res)
					b.StartTimer()
				}))
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
			// what the run hands back (the findings): the part of the peak
			// that grows with what is found, not with what is read
			b.ReportMetric(float64(result)/(1<<20), "result-MB")
			b.ReportMetric(float64(findings), "findings")
		})
	}
}
