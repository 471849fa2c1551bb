package engine_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sourcegraph/conc/pool"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/internal/corpusgen"
	"github.com/lakelint/lakelint/internal/cputime"
	"github.com/lakelint/lakelint/output"
	"github.com/lakelint/lakelint/parsers"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/python"
)

// The benchmarks read a generated corpus of varied PySpark jobs from disk,
// as `lakelint check` would. Parse-only finds, reads, loads and parses every
// file with the same parallelism as check; check does everything else too
// (facts, catalog, every rule, positions, printing). CheckVsParseOnly gives
// the ratio of their times; peak-heap-MB across corpus sizes and copies
// shows that memory follows the project's tables, not the amount of code.
//
//	go test ./engine -run '^$' -bench '^BenchmarkCheckVsParseOnly$' -benchtime 8x
//	go test ./engine -run '^$' -bench '^Benchmark(ParseOnly|Check|CheckCopies)$' -benchtime 1x
//
// On a shared machine one iteration's ratio moves by about 0.1; eight
// iterations give a figure that holds from run to run.

// corpusDir returns a corpus of size MB, generated once per version.
func corpusDir(b *testing.B, mb int) (string, int64) {
	return corpusCopies(b, mb, 1)
}

// corpusCopies returns a directory holding n copies of the corpus of size
// MB: n times the code, the same tables.
func corpusCopies(b *testing.B, mb, n int) (string, int64) {
	b.Helper()
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("lakelint-corpus-v2-%dmb", mb))
	if n > 1 {
		dir += fmt.Sprintf("-x%d", n)
	}
	if _, err := os.Stat(filepath.Join(dir, "done")); err != nil {
		os.RemoveAll(dir)
		for i := range n {
			sub := dir
			if n > 1 {
				sub = filepath.Join(dir, fmt.Sprintf("copy%d", i))
			}
			if _, err := corpusgen.WriteDir(sub, 42, mb<<20); err != nil {
				b.Fatal(err)
			}
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

var sizes = []int{10, 20, 40}

func BenchmarkParseOnly(b *testing.B) {
	for _, mb := range sizes {
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			dir, total := corpusDir(b, mb)
			b.SetBytes(total)
			var peak uint64
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				peak = max(peak, peakHeap(func() { parseAll(b, dir) }))
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
		})
	}
}

// parseAll finds and parses the files below dir as check does, with the
// same parallelism.
func parseAll(b *testing.B, dir string) {
	files, err := engine.Discover([]string{dir}, nil)
	if err != nil {
		b.Fatal(err)
	}
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
			dir, total := corpusDir(b, mb)
			checkVsParseOnly(b, []string{dir}, total)
		})
	}
}

// BenchmarkCheckVsParseOnlyEcosystem is the same comparison on real code:
// the public repositories of testdata/ecosystem, each checked as a project
// of its own, as its users lint it. Their code has far fewer findings per
// line than the generated corpus, whose every job is full of them.
func BenchmarkCheckVsParseOnlyEcosystem(b *testing.B) {
	repos, err := filepath.Glob(filepath.Join("..", "testdata", "ecosystem", "*", "*"))
	if err != nil {
		b.Fatal(err)
	}
	var dirs []string
	var total int64
	for _, r := range repos {
		if info, err := os.Stat(r); err != nil || !info.IsDir() {
			continue
		}
		dirs = append(dirs, r)
		files, err := engine.Discover([]string{r}, nil)
		if err != nil {
			b.Fatal(err)
		}
		for _, f := range files {
			if info, err := os.Stat(f); err == nil {
				total += info.Size()
			}
		}
	}
	if len(dirs) == 0 {
		b.Fatal("no repositories in testdata/ecosystem")
	}
	checkVsParseOnly(b, dirs, total)
}

// checkVsParseOnly alternates a parse-only pass and a check over each of
// dirs and reports check's time as a multiple of parse-only's.
func checkVsParseOnly(b *testing.B, dirs []string, total int64) {
	b.SetBytes(total)
	var parseTime, checkTime, parseCPU, checkCPU time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, dir := range dirs {
			start, c0 := time.Now(), cputime.Process()
			parseAll(b, dir)
			parseTime += time.Since(start)
			parseCPU += cputime.Process() - c0
			start, c0 = time.Now(), cputime.Process()
			check(b, dir)
			checkTime += time.Since(start)
			checkCPU += cputime.Process() - c0
		}
	}
	b.ReportMetric(checkTime.Seconds()/parseTime.Seconds(), "check/parse")
	// the same ratio in processor time: what the extra work costs,
	// apart from how well it spreads over the cores
	b.ReportMetric(checkCPU.Seconds()/parseCPU.Seconds(), "check-cpu/parse-cpu")
	b.ReportMetric(float64(total)/(1<<20)/parseTime.Seconds()*float64(b.N), "parse-MB/s")
	b.ReportMetric(float64(total)/(1<<20)/checkTime.Seconds()*float64(b.N), "check-MB/s")
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
			benchCheck(b, dir, total)
		})
	}
}

// BenchmarkCheck80MB checks the 80 MB corpus and reports its peak heap and
// the process's peak resident memory, the figure the memory bound is set
// in. Run it alone (the peak is the process's, not the benchmark's):
//
//	go test ./engine -run '^$' -bench '^BenchmarkCheck80MB$' -benchtime 1x
func BenchmarkCheck80MB(b *testing.B) {
	dir, total := corpusDir(b, 80)
	benchCheck(b, dir, total)
	b.ReportMetric(float64(cputime.PeakRSS())/(1<<20), "peak-rss-MB")
}

// BenchmarkCheckCopies lints one, two and four copies of the 10 MB corpus:
// more code, the same tables. Its peak heap shows what memory does with the
// amount of code alone; BenchmarkCheck's also grows with the tables its
// larger corpora define.
func BenchmarkCheckCopies(b *testing.B) {
	for _, n := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("%dx10MB", n), func(b *testing.B) {
			dir, total := corpusCopies(b, 10, n)
			benchCheck(b, dir, total)
		})
	}
}

// benchCheck checks dir b.N times and reports the peak heap.
func benchCheck(b *testing.B, dir string, total int64) {
	b.SetBytes(total)
	var peak uint64
	findings := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		peak = max(peak, peakHeap(func() { findings = check(b, dir) }))
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
	b.ReportMetric(float64(findings), "findings")
}

// check lints dir as `lakelint check` does: findings printed (as text, to
// nowhere) file by file as they are made. It returns how many there were.
func check(b *testing.B, dir string) int {
	out, err := output.NewStream(io.Discard, "text", output.Options{})
	if err != nil {
		b.Fatal(err)
	}
	configs, err := config.NewResolver(config.ResolverOptions{})
	if err != nil {
		b.Fatal(err)
	}
	l := engine.New(configs, engine.Options{Emit: func(fs []finding.Finding) {
		if err := out.File(fs); err != nil {
			b.Error(err)
		}
	}})
	res, err := l.Lint(context.Background(), []string{dir})
	if err != nil {
		b.Fatal(err)
	}
	if err := out.Close(); err != nil {
		b.Fatal(err)
	}
	return res.Found
}

// BenchmarkEditRelative is a run after one file of the 20 MB corpus was
// edited, as a user runs it: in the project, with paths relative to the
// working directory (`lakelint check .`), where each path made absolute
// by filepath.Abs would read the working directory again (two stat calls).
//
//	go test ./engine -run '^$' -bench '^BenchmarkEditRelative$' -benchtime 4x
func BenchmarkEditRelative(b *testing.B) {
	src, total := corpusDir(b, 20)
	dir := filepath.Join(b.TempDir(), "corpus")
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		b.Fatal(err)
	}
	b.Chdir(dir)
	files, err := engine.Discover([]string{"."}, nil)
	if err != nil {
		b.Fatal(err)
	}
	edited := files[len(files)/2]
	original, err := os.ReadFile(edited)
	if err != nil {
		b.Fatal(err)
	}
	cacheDir := filepath.Join(b.TempDir(), "cache")
	run := func() {
		c, err := cache.Open(cache.Options{Dir: cacheDir, Version: "bench"})
		if err != nil {
			b.Fatal(err)
		}
		configs, err := config.NewResolver(config.ResolverOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := engine.New(configs, engine.Options{Cache: c}).Lint(context.Background(), []string{"."}); err != nil {
			b.Fatal(err)
		}
	}
	run()
	b.SetBytes(total)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := os.WriteFile(edited, fmt.Appendf(original, "\n# edit %d\n", i), 0o644); err != nil {
			b.Fatal(err)
		}
		run()
	}
}
