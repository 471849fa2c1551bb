package engine

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/config"
)

// Between loading and the link step a run holds no file's facts decoded,
// parsed or taken from the cache: the rule facts wait encoded in the fact
// store and each summary encoded there too (or on its unit, when it says
// there is none), so what a run holds then follows the encodings, a
// fraction of the facts' size as Go values, and spills with them.
// Findings are those of a run without the cache.
func TestLoadedFactsWaitEncoded(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "examples")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "examples"))); err != nil {
		t.Fatal(err)
	}
	cacheDir := t.TempDir()
	var linted, decoded, summaries, inMemory int
	old := loadedHook
	loadedHook = func(units []*unit, s *cache.FactStore) {
		linted, decoded, summaries = 0, 0, 0
		for _, u := range units {
			if u.linted {
				linted++
				if u.summary != nil || u.storedSummary != nil {
					summaries++
				}
			}
			if u.facts != nil {
				decoded++
			}
		}
		inMemory = s.InMemory()
	}
	t.Cleanup(func() { loadedHook = old })
	run := func(withCache bool) *Result {
		t.Helper()
		var c *cache.Cache
		if withCache {
			var err error
			if c, err = cache.Open(cache.Options{Dir: cacheDir, Version: "test"}); err != nil {
				t.Fatal(err)
			}
			defer c.Close()
		}
		configs, err := config.NewResolver(config.ResolverOptions{})
		if err != nil {
			t.Fatal(err)
		}
		res, err := New(configs, Options{Cache: c}).Lint(context.Background(), []string{dir})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	check := func(name string) {
		t.Helper()
		if linted < 10 || decoded != 0 || summaries != linted || inMemory < linted {
			t.Errorf("%s: of %d files, %d hold decoded facts and %d an encoded summary; %d bytes of facts in the store",
				name, linted, decoded, summaries, inMemory)
		}
	}
	run(false)
	check("without the cache")
	cold := run(true)
	check("cold")
	if want := run(false); !reflect.DeepEqual(cold.Findings, want.Findings) {
		t.Errorf("cold run: %d findings, without the cache %d", len(cold.Findings), len(want.Findings))
	}
	edited := filepath.Join(dir, "jobs", "daily_orders.py")
	data, err := os.ReadFile(edited)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(edited, append(data, "\n# edited\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	edit := run(true)
	check("after an edit")
	if want := run(false); !reflect.DeepEqual(edit.Findings, want.Findings) {
		t.Errorf("edit run: %d findings, without the cache %d", len(edit.Findings), len(want.Findings))
	}
}
