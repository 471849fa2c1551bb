package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/finding"
)

// runOnce lints dir as one `lakelint check` process would, streaming
// findings when stream is set, and returns the whole result.
func runOnce(t *testing.T, dir string, c *cache.Cache, stream bool, more ...func(*engine.Options)) *engine.Result {
	t.Helper()
	configs, err := config.NewResolver(config.ResolverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	opts := engine.Options{Cache: c}
	var emitted [][]finding.Finding
	if stream {
		opts.Emit = func(fs []finding.Finding) { emitted = append(emitted, fs) }
	}
	for _, f := range more {
		f(&opts)
	}
	res, err := engine.New(configs, opts).Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	for _, fs := range emitted {
		res.Findings = append(res.Findings, fs...)
	}
	// what the cache did is said in the details, and differs from run to run
	var details []engine.Note
	for _, d := range res.Details {
		if !strings.HasPrefix(d.Message, "cache: ") {
			details = append(details, d)
		}
	}
	res.Details = details
	return res
}

func exampleProject(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "examples")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "examples"))); err != nil {
		t.Fatal(err)
	}
	return dir
}

// An unchanged run gives what the run it replays gave, field for field, in
// the order it gave it, streamed or not; no file is decoded or parsed.
func TestRunRecordReplaysTheSameResult(t *testing.T) {
	dir := exampleProject(t)
	for _, stream := range []bool{true, false} {
		cacheDir := newCacheDir(t)
		want := runOnce(t, dir, nil, stream)
		if len(want.Findings) < 10 {
			t.Fatalf("the examples should have findings: %d", len(want.Findings))
		}
		first := runOnce(t, dir, openCache(t, cacheDir), stream)
		c := openCache(t, cacheDir)
		got := runOnce(t, dir, c, stream)
		if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(first, want) {
			t.Errorf("stream=%v: the replayed run differs:\n got %+v\nwant %+v", stream, got, want)
		}
		if s := c.Stats(); s.RunsReused != 1 || s.Hits != 0 || s.Misses != 0 {
			t.Errorf("stream=%v: the unchanged run was linted again: %+v", stream, s)
		}
	}
}

// Whatever the key covers, changed, makes the run lint again over the
// cached facts, with the result of a run without a cache.
func TestRunRecordFollowsEveryInput(t *testing.T) {
	changes := map[string]func(t *testing.T, dir string){
		"an edited file": func(t *testing.T, dir string) {
			write(t, dir, "jobs/daily.py", "spark.conf.set('spark.sql.adaptive.enabled', 'true')\n")
		},
		"an edit that changes no fact": func(t *testing.T, dir string) {
			write(t, dir, "notebooks/nb.py", "# Databricks notebook source\n\nspark.sql(\"VACUUM main.sales.events RETAIN 1 HOURS\")\n")
		},
		"a new file": func(t *testing.T, dir string) {
			write(t, dir, "jobs/more.py", "df.repartition(4).write.partitionBy('user_id').saveAsTable('main.sales.more')\n")
		},
		"a removed file": func(t *testing.T, dir string) {
			if err := os.Remove(filepath.Join(dir, "sql", "maintenance.sql")); err != nil {
				t.Fatal(err)
			}
		},
		"a config file": func(t *testing.T, dir string) {
			write(t, dir, ".lakelint.yaml", "vacuum-min-retention-hours: 12\n")
		},
		"a bundle that says Databricks": func(t *testing.T, dir string) {
			write(t, dir, "databricks.yml", "bundle:\n  name: x\n")
		},
		"a renamed file": func(t *testing.T, dir string) {
			if err := os.Rename(filepath.Join(dir, "jobs"), filepath.Join(dir, "pipelines")); err != nil {
				t.Fatal(err)
			}
		},
	}
	for name, change := range changes {
		t.Run(name, func(t *testing.T) {
			dir := writeProject(t, cacheProject)
			cacheDir := newCacheDir(t)
			runOnce(t, dir, openCache(t, cacheDir), true)
			change(t, dir)
			c := openCache(t, cacheDir)
			got := runOnce(t, dir, c, true)
			want := runOnce(t, dir, nil, true)
			if !reflect.DeepEqual(got.Findings, want.Findings) || !reflect.DeepEqual(got.Details, want.Details) {
				t.Errorf("after %s:\n got %v\nwant %v", name, lines(dir, got.Findings), lines(dir, want.Findings))
			}
			if s := c.Stats(); s.RunsReused != 0 {
				t.Errorf("after %s the old result was replayed: %+v", name, s)
			}
			// and the run after it is replayed again
			again := openCache(t, cacheDir)
			if got := runOnce(t, dir, again, true); !reflect.DeepEqual(got.Findings, want.Findings) || again.Stats().RunsReused != 1 {
				t.Errorf("after %s, the next run: %+v", name, again.Stats())
			}
		})
	}
}

// Runs that read what the key cannot see keep no record.
func TestRunRecordNotKept(t *testing.T) {
	dir := writeProject(t, cacheProject)
	for name, opt := range map[string]func(*engine.Options){
		"live stats": func(o *engine.Options) {
			o.Attach = func(context.Context, *catalog.Catalog) ([]string, error) { return nil, nil }
		},
		"project context": func(o *engine.Options) { o.ProjectContext = true },
	} {
		cacheDir := newCacheDir(t)
		runOnce(t, dir, openCache(t, cacheDir), true, opt)
		c := openCache(t, cacheDir)
		runOnce(t, dir, c, true, opt)
		if s := c.Stats(); s.RunsReused != 0 || s.Hits != 4 {
			t.Errorf("%s: %+v", name, s)
		}
		if _, err := os.Stat(filepath.Join(cacheDir, "runs")); err == nil {
			t.Errorf("%s: a run record was written", name)
		}
	}
}

// A damaged record is ignored with a note, never half replayed.
func TestRunRecordDamaged(t *testing.T) {
	dir := writeProject(t, cacheProject)
	want := runOnce(t, dir, nil, true)
	for name, damage := range map[string]func([]byte) []byte{
		"a flipped byte":  func(b []byte) []byte { b[len(b)/2] ^= 0x20; return b },
		"cut short":       func(b []byte) []byte { return b[:len(b)/2] },
		"empty":           func([]byte) []byte { return nil },
		"another's key":   func(b []byte) []byte { b[0] ^= 1; return b },
		"garbage instead": func([]byte) []byte { return []byte("not a record at all, but long enough to have a key and a sum") },
	} {
		t.Run(name, func(t *testing.T) {
			cacheDir := newCacheDir(t)
			runOnce(t, dir, openCache(t, cacheDir), true)
			recs, _ := filepath.Glob(filepath.Join(cacheDir, "runs", "*"))
			if len(recs) != 1 {
				t.Fatalf("want one run record, have %v", recs)
			}
			b, err := os.ReadFile(recs[0])
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(recs[0], damage(b), 0o644); err != nil {
				t.Fatal(err)
			}
			c := openCache(t, cacheDir)
			got := runOnce(t, dir, c, true)
			if !reflect.DeepEqual(got.Findings, want.Findings) {
				t.Errorf("with a damaged record:\n got %v\nwant %v", lines(dir, got.Findings), lines(dir, want.Findings))
			}
			if s := c.Stats(); s.RunsReused != 0 || s.Hits != 4 || s.Ignored != 1 {
				t.Errorf("with a damaged record: %+v", s)
			}
			if len(got.Notes) != 1 || got.Notes[0].Error {
				t.Errorf("want one warning about the cache, got %v", got.Notes)
			}
		})
	}
}

// The cache keeps the newest few run records only.
func TestRunRecordsAreBounded(t *testing.T) {
	dir := writeProject(t, cacheProject)
	cacheDir := newCacheDir(t)
	for i := range 7 {
		write(t, dir, "jobs/n.py", "x = "+string(rune('a'+i))+"\n")
		runOnce(t, dir, openCache(t, cacheDir), true)
	}
	recs, _ := filepath.Glob(filepath.Join(cacheDir, "runs", "*"))
	if len(recs) != 4 {
		t.Errorf("want the newest 4 run records, have %d", len(recs))
	}
}

// With live stats on, a record is kept only while they read nothing, and
// is not replayed once a table path it names holds a Delta log.
func TestRunRecordWithLiveStats(t *testing.T) {
	dir := writeProject(t, cacheProject)
	logDir := filepath.Join(t.TempDir(), "tbl", "_delta_log")
	attached := 0
	inert := true
	live := func(o *engine.Options) {
		o.Attach = func(context.Context, *catalog.Catalog) ([]string, error) { attached++; return nil, nil }
		o.LiveInert = func(*catalog.Catalog) ([]string, bool) { return []string{logDir}, inert }
		o.LiveStillInert = func(local []string) bool {
			_, err := os.Stat(local[0])
			return err != nil
		}
	}
	cacheDir := newCacheDir(t)
	runOnce(t, dir, openCache(t, cacheDir), true, live)
	c := openCache(t, cacheDir)
	runOnce(t, dir, c, true, live)
	if s := c.Stats(); s.RunsReused != 1 || attached != 1 {
		t.Errorf("inert live stats: %+v, attached %d times", s, attached)
	}
	if err := os.MkdirAll(logDir, 0o755); err != nil {
		t.Fatal(err)
	}
	c = openCache(t, cacheDir)
	runOnce(t, dir, c, true, live)
	if s := c.Stats(); s.RunsReused != 0 || attached != 2 {
		t.Errorf("a table log appeared, yet: %+v, attached %d times", s, attached)
	}
	// stats that apply keep no record
	inert = false
	cacheDir = newCacheDir(t)
	runOnce(t, dir, openCache(t, cacheDir), true, live)
	if _, err := os.Stat(filepath.Join(cacheDir, "runs")); err == nil {
		t.Error("a run with live stats kept a record")
	}
}

// After an edit, the files whose check inputs are unchanged take their
// findings from the previous record; a change that reaches the catalog
// checks every file again.
func TestRunRecordReusesUnchangedFiles(t *testing.T) {
	dir := writeProject(t, cacheProject)
	cacheDir := newCacheDir(t)
	runOnce(t, dir, openCache(t, cacheDir), true)

	// a comment at the end of a notebook: nothing else is affected
	write(t, dir, "notebooks/nb.py", cacheProject["notebooks/nb.py"]+"# edited\n")
	c := openCache(t, cacheDir)
	got := runOnce(t, dir, c, true)
	if want := runOnce(t, dir, nil, true); !reflect.DeepEqual(got.Findings, want.Findings) {
		t.Errorf("after the edit:\n got %v\nwant %v", lines(dir, got.Findings), lines(dir, want.Findings))
	}
	if s := c.Stats(); s.FilesReused != 3 || s.RunsReused != 0 || s.Misses != 1 {
		t.Errorf("after a comment: %+v, want the 3 other files reused", s)
	}

	// the table's partitioning changes: every file sees another catalog
	write(t, dir, "models/events.sql", "CREATE TABLE main.sales.events (id BIGINT, customer_id BIGINT, event_date DATE)\nUSING DELTA PARTITIONED BY (customer_id);\n")
	c = openCache(t, cacheDir)
	got = runOnce(t, dir, c, true)
	if want := runOnce(t, dir, nil, true); !reflect.DeepEqual(got.Findings, want.Findings) || !has(lines(dir, got.Findings), "LL403") {
		t.Errorf("after the definition changed:\n got %v\nwant %v", lines(dir, got.Findings), lines(dir, want.Findings))
	}
	if s := c.Stats(); s.FilesReused != 0 {
		t.Errorf("after the catalog changed: %+v, want no file reused", s)
	}
}

// A caller whose findings come from a helper's summary is checked again
// when the helper changes, though its own bytes and the catalog did not.
func TestRunRecordFollowsTheHelper(t *testing.T) {
	files := map[string]string{
		"lib/io.py":      "def write_table(df, table, cols):\n    df.write.mode(\"append\").partitionBy(*cols).saveAsTable(table)\n",
		"jobs/a.py":      "from lib.io import write_table\ndf = spark.read.table(\"main.raw.a\")\nwrite_table(df, \"main.web.a\", [\"user_id\"])\n",
		"jobs/b.py":      "df = spark.read.table(\"main.raw.b\")\ndf.write.mode(\"append\").saveAsTable(\"main.web.b\")\n",
		".lakelint.yaml": "platform: oss\n",
	}
	dir := writeProject(t, files)
	cacheDir := newCacheDir(t)
	first := runOnce(t, dir, openCache(t, cacheDir), true)
	if !has(lines(dir, first.Findings), "jobs/a.py:3") {
		t.Fatalf("want a finding at the call's argument: %v", lines(dir, first.Findings))
	}
	write(t, dir, "lib/io.py", "def write_table(df, table, cols):\n    df.write.mode(\"append\").saveAsTable(table)\n")
	c := openCache(t, cacheDir)
	got := runOnce(t, dir, c, true)
	want := runOnce(t, dir, nil, true)
	if !reflect.DeepEqual(got.Findings, want.Findings) || has(lines(dir, got.Findings), "jobs/a.py:3") {
		t.Errorf("after the helper changed:\n got %v\nwant %v", lines(dir, got.Findings), lines(dir, want.Findings))
	}
	if s := c.Stats(); s.FilesReused > 1 {
		t.Errorf("reused %d files; only jobs/b.py may be", s.FilesReused)
	}
}
