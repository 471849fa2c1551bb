package engine

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/internal/corpusgen"
	"github.com/lakelint/lakelint/internal/cputime"
	"github.com/lakelint/lakelint/output"
	"github.com/lakelint/lakelint/platform"
)

// BenchmarkRulePass measures the rule pass alone: the corpus is loaded and
// linked once, then every iteration runs the rules over every file,
// resolves their findings and prints them as text to nowhere, as `lakelint
// check` does after the link step.
//
//	go test ./engine -run '^$' -bench '^BenchmarkRulePass$' -benchtime 5x -benchmem
func BenchmarkRulePass(b *testing.B) {
	for _, mb := range []int{10, 40} {
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			dir := rulePassCorpus(b, mb)
			configs, err := config.NewResolver(config.ResolverOptions{})
			if err != nil {
				b.Fatal(err)
			}
			var out *output.Stream
			l := New(configs, Options{Emit: func(fs []finding.Finding) {
				if err := out.File(fs); err != nil {
					b.Error(err)
				}
			}})
			files, err := l.Discover([]string{dir})
			if err != nil {
				b.Fatal(err)
			}
			srcs := make([]Source, len(files))
			for i, f := range files {
				srcs[i] = Source{Path: f}
			}
			store := cache.NewFactStore()
			defer store.Close()
			bs := newBuilders(false)
			units := make([]*unit, len(srcs))
			for i, s := range srcs {
				units[i] = l.load(s, nil, store, bs, nil)
			}
			store.Finish()
			l.link(units, bs, store, false)
			store.Finish()
			plat := l.platform(units, &platform.Roots{}, nil)
			cat := bs.tables.Catalog()
			found := 0
			var cpu time.Duration
			b.ResetTimer()
			for range b.N {
				b.StopTimer()
				run := newRunFiles(units) // no positions of other files yet
				for _, u := range units {
					if u.run != nil {
						u.run = run
					}
				}
				b.StartTimer()
				if out, err = output.NewStream(io.Discard, "text", output.Options{}); err != nil {
					b.Fatal(err)
				}
				res := &Result{}
				c0 := cputime.Process()
				l.checkAll(units, store, cat, &project{plat: plat}, nil, res)
				if err := out.Close(); err != nil {
					b.Fatal(err)
				}
				cpu += cputime.Process() - c0
				found = res.Found
			}
			b.ReportMetric(float64(found), "findings")
			// processor time, the collector's included: the wall clock says
			// little on a machine shared with other work
			b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
		})
	}
}

// rulePassCorpus is the generated corpus of mb MB that the engine_test
// benchmarks use, made when missing.
func rulePassCorpus(b *testing.B, mb int) string {
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("lakelint-corpus-v2-%dmb", mb))
	if _, err := os.Stat(filepath.Join(dir, "done")); err != nil {
		os.RemoveAll(dir)
		if _, err := corpusgen.WriteDir(dir, 42, mb<<20); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "done"), nil, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}
