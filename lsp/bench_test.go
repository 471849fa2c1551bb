package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/internal/corpusgen"
)

// BenchmarkDependentRelint measures edit to publish for a dependent: in a
// project of 1,300 files, an unsaved edit to the table definition open in
// one buffer (models/events.sql) until the diagnostics of the job open in
// another (jobs/optimize.py) follow it. Every open document is linted
// again, with the project's other files read through the result cache.
//
//	go test ./lsp/ -run '^$' -bench DependentRelint -benchtime 20x
func BenchmarkDependentRelint(b *testing.B) {
	dir, rc := benchProject(b)
	c := newClient(b, Options{Engine: engine.Options{ProjectContext: true}, CacheFor: func(string) *cache.Cache { return rc }})
	c.wait = 30 * time.Minute // the first lint parses the whole project
	c.initialize()
	models := fileURI(filepath.Join(dir, "models", "events.sql"))
	job := fileURI(filepath.Join(dir, "jobs", "optimize.py"))
	c.open(job, "python", optimizeEvents)
	c.diagnostics(job, 1)
	c.open(models, "sql", eventsByDate)
	c.diagnostics(models, 1)
	b.ResetTimer()
	for i := range b.N {
		ddl, want := eventsByCustomer, false
		if i%2 == 1 {
			ddl, want = eventsByDate, true
		}
		c.change(models, i+2, ddl)
		c.diagnostics(models, i+2)
		if d := c.diagnostics(job, 1); hasCode(d, "LL403") != want {
			b.Fatalf("edit %d: the job's diagnostics did not follow: %+v", i, d)
		}
	}
	b.StopTimer()
	c.stop()
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
