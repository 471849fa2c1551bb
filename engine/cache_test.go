package engine_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/finding"
)

// a small project: a table defined in one file, used in others
var cacheProject = map[string]string{
	"models/events.sql": "CREATE TABLE main.sales.events (id BIGINT, customer_id BIGINT, event_date DATE)\nUSING DELTA PARTITIONED BY (event_date);\n",
	"sql/maintenance.sql": "OPTIMIZE main.sales.events WHERE event_date >= '2024-01-01';\n" +
		"VACUUM main.sales.events RETAIN 24 HOURS;\n",
	"jobs/daily.py": "from pyspark.sql import SparkSession\nspark = SparkSession.builder.getOrCreate()\n" +
		"spark.conf.set('spark.sql.adaptive.enabled', 'false')\n" +
		"df = spark.read.table('main.raw.events')\n" +
		"df.coalesce(1).write.mode('append').saveAsTable('main.sales.daily')\n",
	"notebooks/nb.py": "# Databricks notebook source\nspark.sql(\"VACUUM main.sales.events RETAIN 1 HOURS\")\n",
}

func writeProject(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		write(t, dir, name, text)
	}
	return dir
}

func openCache(t *testing.T, dir string, o ...func(*cache.Options)) *cache.Cache {
	t.Helper()
	opts := cache.Options{Dir: dir, Version: "test"}
	for _, f := range o {
		f(&opts)
	}
	c, err := cache.Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// lintWith lints the project at dir as one run of `lakelint check` would,
// with cache c (nil for none), and returns its findings, one line each.
func lintWith(t *testing.T, dir string, c *cache.Cache) ([]string, *engine.Result) {
	t.Helper()
	configs, err := config.NewResolver(config.ResolverOptions{CommandLine: config.Selection{ExtendSelect: []string{"LL301"}}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := engine.New(configs, engine.Options{Cache: c}).Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	return lines(dir, res.Findings), res
}

func lines(dir string, fs []finding.Finding) []string {
	var out []string
	for _, f := range fs {
		rel, _ := filepath.Rel(dir, f.Path)
		out = append(out, fmt.Sprintf("%s:%d:%d: %s %s", filepath.ToSlash(rel), f.Start.Line, f.Start.Column, f.Code, f.Message))
	}
	return out
}

func has(lines []string, part string) bool {
	for _, l := range lines {
		if strings.Contains(l, part) {
			return true
		}
	}
	return false
}

func TestCacheHitGivesTheSameFindingsWithoutParsing(t *testing.T) {
	dir := writeProject(t, cacheProject)
	cacheDir := filepath.Join(t.TempDir(), "cache")
	want, _ := lintWith(t, dir, nil)
	if len(want) < 3 {
		t.Fatalf("the project should have findings: %v", want)
	}

	cold := openCache(t, cacheDir)
	got, _ := lintWith(t, dir, cold)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("cold run with a cache:\n%v\nwant\n%v", got, want)
	}
	if s := cold.Stats(); s.Misses != 4 || s.Written != 4 || s.Hits != 0 {
		t.Errorf("cold run: %+v", s)
	}
	if _, err := os.Stat(filepath.Join(cacheDir, ".gitignore")); err != nil {
		t.Errorf("no .gitignore in the cache: %v", err)
	}

	// a new process: a new cache over the same directory; the facts serve
	// once the run's record is gone (the record is tested in runrecord_test.go)
	dropRunRecords(t, cacheDir)
	warm := openCache(t, cacheDir)
	got, res := lintWith(t, dir, warm)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("warm run:\n%v\nwant\n%v", got, want)
	}
	if s := warm.Stats(); s.Hits != 4 || s.Misses != 0 || s.Written != 0 {
		t.Errorf("warm run: %+v", s)
	}
	if res.Files != 4 || len(res.Notes) != 0 {
		t.Errorf("warm run: %d files, notes %v", res.Files, res.Notes)
	}
}

func TestCacheMissAfterEdit(t *testing.T) {
	dir := writeProject(t, cacheProject)
	cacheDir := newCacheDir(t)
	lintWith(t, dir, openCache(t, cacheDir))
	write(t, dir, "jobs/daily.py", "spark.conf.set('spark.sql.adaptive.enabled', 'true')\n")
	c := openCache(t, cacheDir)
	got, _ := lintWith(t, dir, c)
	want, _ := lintWith(t, dir, nil)
	if !reflect.DeepEqual(got, want) || has(got, "jobs/daily.py") {
		t.Errorf("after the edit:\n%v\nwant\n%v", got, want)
	}
	if s := c.Stats(); s.Hits != 3 || s.Misses != 1 || s.Written != 1 {
		t.Errorf("after the edit: %+v", s)
	}
}

// Rules and their settings always run again over cached facts: a config
// change is seen at once. Facts depend on no config key (extraction reads
// none), so the entries still serve; what the key does include (the lakelint
// version, the file's path) makes a miss when it changes.
func TestCacheAfterConfigAndVersionChange(t *testing.T) {
	dir := writeProject(t, cacheProject)
	cacheDir := newCacheDir(t)
	before, _ := lintWith(t, dir, openCache(t, cacheDir))
	if !has(before, "LL401") {
		t.Fatalf("want LL401 for VACUUM RETAIN 24 HOURS: %v", before)
	}
	write(t, dir, ".lakelint.yaml", "vacuum-min-retention-hours: 12\nignore: [LL501]\n")
	c := openCache(t, cacheDir)
	got, _ := lintWith(t, dir, c)
	want, _ := lintWith(t, dir, nil)
	if !reflect.DeepEqual(got, want) || has(got, "LL501") || has(got, "24 hours") {
		t.Errorf("after the config change:\n%v\nwant\n%v", got, want)
	}
	if s := c.Stats(); s.Hits != 4 {
		t.Errorf("after a config change the facts still serve: %+v", s)
	}

	other := openCache(t, cacheDir, func(o *cache.Options) { o.Version = "other" })
	got, _ = lintWith(t, dir, other)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("another version:\n%v\nwant\n%v", got, want)
	}
	if s := other.Stats(); s.Hits != 0 || s.Misses != 4 {
		t.Errorf("another lakelint version reads no entry: %+v", s)
	}

	// the same bytes under another name are another file
	if err := os.Rename(filepath.Join(dir, "jobs"), filepath.Join(dir, "pipelines")); err != nil {
		t.Fatal(err)
	}
	c = openCache(t, cacheDir)
	got, _ = lintWith(t, dir, c)
	if !has(got, "pipelines/daily.py") || has(got, "jobs/daily.py") {
		t.Errorf("after a rename: %v", got)
	}
	if s := c.Stats(); s.Misses != 1 {
		t.Errorf("after a rename: %+v", s)
	}
}

// A finding in a cached file that depends on another file follows that file.
func TestCacheCrossFileFindingFollowsTheOtherFile(t *testing.T) {
	dir := writeProject(t, cacheProject)
	cacheDir := newCacheDir(t)
	got, _ := lintWith(t, dir, openCache(t, cacheDir))
	if has(got, "LL403") {
		t.Fatalf("OPTIMIZE on the partition column: no LL403 yet: %v", got)
	}
	// the table is now partitioned by another column; maintenance.sql is unchanged
	write(t, dir, "models/events.sql", "CREATE TABLE main.sales.events (id BIGINT, customer_id BIGINT, event_date DATE)\nUSING DELTA PARTITIONED BY (customer_id);\n")
	c := openCache(t, cacheDir)
	got, _ = lintWith(t, dir, c)
	if !has(got, "sql/maintenance.sql:1:") || !has(got, "LL403") {
		t.Errorf("LL403 in the unchanged sql/maintenance.sql: %v", got)
	}
	if s := c.Stats(); s.Hits != 3 || s.Misses != 1 {
		t.Errorf("only the definition was parsed again: %+v", s)
	}
	// and it goes away again when the definition comes back
	write(t, dir, "models/events.sql", cacheProject["models/events.sql"])
	got, _ = lintWith(t, dir, openCache(t, cacheDir))
	if has(got, "LL403") {
		t.Errorf("LL403 after the definition came back: %v", got)
	}
}

// Two runs at once over one cache directory, each with its own cache (as two
// processes would have), again and again with edits between: every run gives
// the findings a run without a cache gives, and the directory stays readable.
func TestCacheConcurrentRuns(t *testing.T) {
	files := map[string]string{}
	for k, v := range cacheProject {
		files[k] = v
	}
	for i := range 30 {
		files[fmt.Sprintf("jobs/gen%02d.py", i)] = fmt.Sprintf("df.repartition(%d).write.format('delta').saveAsTable('main.gen.t%d')\n", i+1, i)
	}
	dir := writeProject(t, files)
	cacheDir := newCacheDir(t)
	for round := range 20 {
		write(t, dir, fmt.Sprintf("jobs/gen%02d.py", round%30), fmt.Sprintf("spark.conf.set('spark.sql.adaptive.enabled', '%v')\n", round%2 == 0))
		want, _ := lintWith(t, dir, nil)
		var wg sync.WaitGroup
		results := make([][]string, 2)
		notes := make([][]engine.Note, 2)
		for i := range 2 {
			wg.Go(func() {
				var res *engine.Result
				// a small bound makes runs merge packs while the other reads them
				results[i], res = lintWith(t, dir, openCache(t, cacheDir, func(o *cache.Options) { o.MaxBytes = 16 << 10 }))
				notes[i] = res.Notes
			})
		}
		wg.Wait()
		for i := range 2 {
			if !reflect.DeepEqual(results[i], want) {
				t.Fatalf("round %d, run %d:\n%v\nwant\n%v", round, i, results[i], want)
			}
			if len(notes[i]) != 0 {
				t.Fatalf("round %d, run %d: notes %v", round, i, notes[i])
			}
		}
	}
	c := openCache(t, cacheDir)
	lintWith(t, dir, c)
	if s := c.Stats(); s.Ignored != 0 || s.Hits == 0 {
		t.Errorf("after the concurrent runs: %+v", s)
	}
}

func packs(t *testing.T, cacheDir string) []string {
	t.Helper()
	ps, err := filepath.Glob(filepath.Join(cacheDir, "*.pack"))
	if err != nil || len(ps) == 0 {
		t.Fatalf("no pack in %s: %v", cacheDir, err)
	}
	return ps
}

// A damaged or foreign cache is ignored, never believed: a damaged pack of
// the user's with a note; a file that is not the user's pack silently, and
// it is left where it is.
func TestCacheCorruptOrForeignIsIgnored(t *testing.T) {
	dir := writeProject(t, cacheProject)
	want, _ := lintWith(t, dir, nil)
	damage := map[string]struct {
		f       func([]byte) []byte
		foreign bool
	}{
		"a flipped byte in an entry": {f: func(b []byte) []byte { b[len(b)/3] ^= 0x40; return b }},
		"a changed table name": {f: func(b []byte) []byte {
			return bytes.ReplaceAll(b, []byte("main.sales.events"), []byte("main.sales.evxnts"))
		}},
		"a truncated pack":      {f: func(b []byte) []byte { return b[:len(b)-30] }},
		"another pack version":  {f: func(b []byte) []byte { b[15] = 99; return b }, foreign: true},
		"another user's header": {f: func(b []byte) []byte { b[20] ^= 1; return b }, foreign: true},
		"not a pack at all":     {f: func([]byte) []byte { return []byte("garbage") }, foreign: true},
	}
	for name, d := range damage {
		t.Run(name, func(t *testing.T) {
			cacheDir := newCacheDir(t)
			lintWith(t, dir, openCache(t, cacheDir))
			p := packs(t, cacheDir)[0]
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, d.f(b), 0o644); err != nil {
				t.Fatal(err)
			}
			dropRunRecords(t, cacheDir)
			c := openCache(t, cacheDir)
			got, res := lintWith(t, dir, c)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("with a damaged cache:\n%v\nwant\n%v", got, want)
			}
			warned := len(res.Notes) == 1 && strings.Contains(res.Notes[0].Message, "cache: ignored") && !res.Notes[0].Error
			if !d.foreign && !warned {
				t.Errorf("want one warning about the cache, got %v", res.Notes)
			}
			if d.foreign && len(res.Notes) != 0 {
				t.Errorf("a file that is not the user's pack is no news: %v", res.Notes)
			}
			if _, err := os.Stat(p); d.foreign && err != nil {
				t.Errorf("a file that is not the user's pack was removed: %v", err)
			}
			// the files were written again: the next run hits them
			dropRunRecords(t, cacheDir)
			again := openCache(t, cacheDir)
			got, _ = lintWith(t, dir, again)
			if !reflect.DeepEqual(got, want) || again.Stats().Hits != 4 {
				t.Errorf("next run: %+v, %v", again.Stats(), got)
			}
		})
	}
}

// The cache directory stays within its bound, dropping entries used longest ago.
func TestCacheIsBounded(t *testing.T) {
	dir := writeProject(t, cacheProject)
	cacheDir := newCacheDir(t)
	const max = 4 << 10
	for i := range 40 {
		write(t, dir, "jobs/daily.py", fmt.Sprintf("x = %d\n%s", i, cacheProject["jobs/daily.py"]))
		lintWith(t, dir, openCache(t, cacheDir, func(o *cache.Options) { o.MaxBytes = max }))
	}
	var total int64
	for _, p := range packs(t, cacheDir) {
		info, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		total += info.Size()
	}
	if total > max {
		t.Errorf("the cache holds %d bytes, over its bound of %d", total, max)
	}
	c := openCache(t, cacheDir, func(o *cache.Options) { o.MaxBytes = max })
	lintWith(t, dir, c)
	if s := c.Stats(); s.Hits != 4 {
		t.Errorf("the entries in use are kept: %+v", s)
	}
}

// Sources given in memory (standard input, the fixer's work) bypass the
// cache; a fix run with a cache fixes what one without fixes.
func TestCacheBypassForMemoryAndFix(t *testing.T) {
	dir := writeProject(t, cacheProject)
	c := openCache(t, newCacheDir(t))
	configs, _ := config.NewResolver(config.ResolverOptions{})
	l := engine.New(configs, engine.Options{Cache: c})
	res, err := l.LintSources(context.Background(), []engine.Source{{Path: filepath.Join(dir, "jobs/daily.py"), Data: []byte("spark.conf.set('spark.sql.adaptive.enabled', 'false')\n")}})
	if err != nil || res.Found != 1 {
		t.Fatalf("%v, %d findings", err, res.Found)
	}
	if s := c.Stats(); s != (cache.Stats{}) {
		t.Errorf("a source in memory touched the cache: %+v", s)
	}

	fixWith := func(c *cache.Cache) []engine.Change {
		l := engine.New(configs, engine.Options{Cache: c})
		fr, err := l.Fix(context.Background(), []string{dir}, true)
		if err != nil {
			t.Fatal(err)
		}
		return fr.Changes
	}
	want := fixWith(nil)
	if len(want) == 0 {
		t.Fatal("the project should have fixes")
	}
	cacheDir := newCacheDir(t)
	for range 2 { // cold, then warm
		if got := fixWith(openCache(t, cacheDir)); !reflect.DeepEqual(got, want) {
			t.Errorf("fixes with a cache differ:\n%+v\nwant\n%+v", got, want)
		}
	}
}

// dropRunRecords removes the cache's run records, so that the next run over
// unchanged files is served by their facts.
func dropRunRecords(t *testing.T, cacheDir string) {
	t.Helper()
	if err := os.RemoveAll(filepath.Join(cacheDir, "runs")); err != nil {
		t.Fatal(err)
	}
}
