package engine_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/internal/cputime"
	"github.com/lakelint/lakelint/output"
)

// BenchmarkCache times check over the 20 MB corpus as a user meets it: a
// first run that fills an empty cache (cold), a run with nothing changed
// (warm), and a run after one file was edited; each as a fraction of the
// cold run, measured in the same iteration. nocache is check without a
// cache, for what filling it costs. The -cpu ratios use processor time
// (user and system), which a busy shared machine disturbs less.
//
//	go test ./engine -run '^$' -bench '^BenchmarkCache$' -benchtime 3x
func BenchmarkCache(b *testing.B) {
	dir, edited, original, total := editableCorpus(b)
	cacheRatios(b, dir, edited, original, total)
}

// BenchmarkCacheEcosystem is BenchmarkCache on real code: the public
// repositories of testdata/ecosystem read as one project of some 1,800
// files, one of them edited.
//
//	go test ./engine -run '^$' -bench '^BenchmarkCacheEcosystem$' -benchtime 5x
func BenchmarkCacheEcosystem(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "ecosystem")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "testdata", "ecosystem"))); err != nil {
		b.Fatal(err)
	}
	edited, original, total := editable(b, dir)
	cacheRatios(b, dir, edited, original, total)
}

// cacheRatios times the cold, warm and edit runs of BenchmarkCache over
// dir, editing the file edited (holding original).
func cacheRatios(b *testing.B, dir, edited string, original []byte, total int64) {
	b.SetBytes(total)
	var cold, warm, edit, none time.Duration
	var coldCPU, warmCPU, editCPU time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		cache := filepath.Join(b.TempDir(), "cache")
		none += timeCheck(b, dir, "")
		c0 := cputime.Process()
		cold += timeCheck(b, dir, cache)
		c1 := cputime.Process()
		warm += timeCheck(b, dir, cache)
		c2 := cputime.Process()
		coldCPU += c1 - c0
		warmCPU += c2 - c1
		if err := os.WriteFile(edited, append(original, "\n# edited\n"...), 0o644); err != nil {
			b.Fatal(err)
		}
		c3 := cputime.Process()
		edit += timeCheck(b, dir, cache)
		editCPU += cputime.Process() - c3
		if err := os.WriteFile(edited, original, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(warm.Seconds()/cold.Seconds(), "warm/cold")
	b.ReportMetric(edit.Seconds()/cold.Seconds(), "edit/cold")
	b.ReportMetric(cold.Seconds()/none.Seconds(), "cold/nocache")
	b.ReportMetric(warmCPU.Seconds()/coldCPU.Seconds(), "warm/cold-cpu")
	b.ReportMetric(editCPU.Seconds()/coldCPU.Seconds(), "edit/cold-cpu")
	b.ReportMetric(warm.Seconds()*1000/float64(b.N), "warm-ms")
	b.ReportMetric(cold.Seconds()*1000/float64(b.N), "cold-ms")
}

// timeCheck times one check of dir, as `lakelint check` makes it, with the
// cache in cacheDir ("" for none).
func timeCheck(b *testing.B, dir, cacheDir string) time.Duration {
	b.Helper()
	start := time.Now()
	out, err := output.NewStream(io.Discard, "text", output.Options{})
	if err != nil {
		b.Fatal(err)
	}
	configs, err := config.NewResolver(config.ResolverOptions{})
	if err != nil {
		b.Fatal(err)
	}
	opts := engine.Options{Emit: func(fs []finding.Finding) {
		if err := out.File(fs); err != nil {
			b.Error(err)
		}
	}}
	if cacheDir != "" {
		if opts.Cache, err = cache.Open(cache.Options{Dir: cacheDir, Version: "bench"}); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := engine.New(configs, opts).Lint(context.Background(), []string{dir}); err != nil {
		b.Fatal(err)
	}
	if err := out.Close(); err != nil {
		b.Fatal(err)
	}
	return time.Since(start)
}

// BenchmarkCacheWarm is the warm run alone, for profiling.
func BenchmarkCacheWarm(b *testing.B) {
	dir, _ := corpusDir(b, 20)
	cache := filepath.Join(b.TempDir(), "cache")
	timeCheck(b, dir, cache)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		timeCheck(b, dir, cache)
	}
}

// BenchmarkCacheEdit is a run after one file was edited, alone, for
// profiling: each iteration edits the file again.
func BenchmarkCacheEdit(b *testing.B) {
	dir, edited, original, _ := editableCorpus(b)
	cache := filepath.Join(b.TempDir(), "cache")
	timeCheck(b, dir, cache)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := os.WriteFile(edited, fmt.Appendf(original, "\n# edit %d\n", i), 0o644); err != nil {
			b.Fatal(err)
		}
		timeCheck(b, dir, cache)
	}
}

// editableCorpus copies the 20 MB corpus where it may be edited, and names
// the file the benchmarks edit, with its bytes.
func editableCorpus(b *testing.B) (dir, edited string, original []byte, total int64) {
	src, total := corpusDir(b, 20)
	dir = filepath.Join(b.TempDir(), "corpus")
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		b.Fatal(err)
	}
	edited, original, _ = editable(b, dir)
	return dir, edited, original, total
}

// editable names the file of dir the benchmarks edit, the one in the
// middle of the lintable files in path order, with its bytes, and the
// lintable files' total size.
func editable(b *testing.B, dir string) (edited string, original []byte, total int64) {
	files, err := engine.Discover([]string{dir}, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, f := range files {
		if info, err := os.Stat(f); err == nil {
			total += info.Size()
		}
	}
	edited = files[len(files)/2]
	if original, err = os.ReadFile(edited); err != nil {
		b.Fatal(err)
	}
	return edited, original, total
}
