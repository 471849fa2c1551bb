package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/internal/corpusgen"
	"github.com/lakelint/lakelint/internal/cputime"
)

// BenchmarkDependentRelint measures edit to publish in a project of 1,300
// generated files (package corpusgen) and the two of contextProject, the
// project's other files read through the result cache, with jobs/optimize.py
// open. Each edit flips the partitioning of the table models/events.sql
// defines, which decides LL403 in the job:
//
//   - buffer: models/events.sql is open too and edited unsaved; edited-* is
//     until its own diagnostics arrive, dependent-* until the job's follow;
//   - disk: models/events.sql is not open: it is written and the client
//     says so (workspace/didChangeWatchedFiles); dependent-* is until the
//     job's diagnostics follow.
//
// It reports the median and the 95th percentile of each, in milliseconds,
// and the processor time the process used per edit (cpu-ms/edit), which a
// busy machine changes less than the time that passed.
//
//	go test ./lsp/ -run '^$' -bench DependentRelint -benchtime 40x
func BenchmarkDependentRelint(b *testing.B) {
	dir, rc := benchProject(b)
	models := filepath.Join(dir, "models", "events.sql")
	job := fileURI(filepath.Join(dir, "jobs", "optimize.py"))
	ddl := func(i int) (string, bool) {
		if i%2 == 1 {
			return eventsByDate, true
		}
		return eventsByCustomer, false
	}
	start := func(b *testing.B) *testClient {
		c := newClient(b, Options{Engine: engine.Options{ProjectContext: true}, CacheFor: func(string) *cache.Cache { return rc }})
		c.wait = 30 * time.Minute // the first lint parses the whole project
		c.initialize()
		c.open(job, "python", optimizeEvents)
		c.diagnostics(job, 1)
		return c
	}
	b.Run("buffer", func(b *testing.B) {
		writeBench(b, models, eventsByDate)
		c := start(b)
		uri := fileURI(models)
		c.open(uri, "sql", eventsByDate)
		c.diagnostics(uri, 1)
		var edited, dependent []time.Duration
		cpu := cputime.Process()
		b.ResetTimer()
		for i := range b.N {
			text, want := ddl(i)
			t0 := time.Now()
			c.change(uri, i+2, text)
			c.diagnostics(uri, i+2)
			edited = append(edited, time.Since(t0))
			if d := c.diagnostics(job, 1); hasCode(d, "LL403") != want {
				b.Fatalf("edit %d: the job's diagnostics did not follow: %+v", i, d)
			}
			dependent = append(dependent, time.Since(t0))
		}
		b.StopTimer()
		reportCPU(b, cpu)
		reportPercentiles(b, "edited", edited)
		reportPercentiles(b, "dependent", dependent)
		c.stop()
	})
	b.Run("disk", func(b *testing.B) {
		writeBench(b, models, eventsByDate)
		c := start(b)
		var dependent []time.Duration
		cpu := cputime.Process()
		b.ResetTimer()
		for i := range b.N {
			text, want := ddl(i)
			t0 := time.Now()
			writeBench(b, models, text)
			c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []map[string]any{{"uri": fileURI(models), "type": 2}}})
			if d := c.diagnostics(job, 1); hasCode(d, "LL403") != want {
				b.Fatalf("change %d: the job's diagnostics did not follow: %+v", i, d)
			}
			dependent = append(dependent, time.Since(t0))
		}
		b.StopTimer()
		reportCPU(b, cpu)
		reportPercentiles(b, "dependent", dependent)
		c.stop()
	})
}

func writeBench(b *testing.B, path, text string) {
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		b.Fatal(err)
	}
}

// reportCPU reports the processor time used since cpu, per iteration.
func reportCPU(b *testing.B, cpu time.Duration) {
	b.ReportMetric(float64((cputime.Process()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/edit")
}

// reportPercentiles reports the median and 95th percentile of ds in ms.
func reportPercentiles(b *testing.B, name string, ds []time.Duration) {
	if len(ds) == 0 {
		return
	}
	slices.Sort(ds)
	at := func(q float64) float64 {
		return float64(ds[min(len(ds)-1, int(q*float64(len(ds))))].Microseconds()) / 1000
	}
	b.ReportMetric(at(0.50), name+"-p50-ms")
	b.ReportMetric(at(0.95), name+"-p95-ms")
}

// benchFiles is the size of the benchmark's project.
const benchFiles = 1300

// bench is the benchmark's project and its cache, made once per test
// binary: the benchmark function runs more than once, and the project's
// first parse is what it does not measure.
var bench struct {
	once  sync.Once
	dir   string
	cache *cache.Cache
	err   error
}

func benchProject(b *testing.B) (string, *cache.Cache) {
	bench.once.Do(func() {
		bench.dir, bench.err = os.MkdirTemp("", "lakelint-lsp-bench")
		if bench.err != nil {
			return
		}
		contextProjectIn(b, bench.dir, eventsByDate)
		files := corpusgen.Files(1, benchFiles*5<<10)
		if len(files) < benchFiles-2 {
			bench.err = fmt.Errorf("%d generated files, want %d", len(files), benchFiles-2)
			return
		}
		for i, src := range files[:benchFiles-2] { // with the two contextProject writes
			p := filepath.Join(bench.dir, fmt.Sprintf("pkg%02d", i/100), fmt.Sprintf("job_%04d.py", i))
			if bench.err = os.MkdirAll(filepath.Dir(p), 0o755); bench.err != nil {
				return
			}
			if bench.err = os.WriteFile(p, src, 0o644); bench.err != nil {
				return
			}
		}
		bench.cache, bench.err = cache.Open(cache.Options{Dir: filepath.Join(bench.dir, ".lakelint_cache"), Version: "bench"})
	})
	if bench.err != nil {
		b.Fatal(bench.err)
	}
	return bench.dir, bench.cache
}

func TestMain(m *testing.M) {
	// the cache's key is the tests' own, never the user's
	keys, err := os.MkdirTemp("", "lakelint-lsp-key-")
	if err != nil {
		panic(err)
	}
	os.Setenv("LAKELINT_CACHE_KEY_DIR", keys)
	code := m.Run()
	os.RemoveAll(keys)
	if bench.cache != nil {
		bench.cache.Close()
	}
	if bench.dir != "" {
		os.RemoveAll(bench.dir)
	}
	os.Exit(code)
}
