package lsp

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/finding"
)

// The files of the project TestEditsMatchAFreshRun edits: a stream
// (jobs/stream.py) reads a table a helper (lib/io.py) MERGEs into when
// jobs/upsert.py calls it (LL204), and jobs/optimize.py filters a table
// models/events.sql defines (LL403).
const (
	ioMerges = `from delta.tables import DeltaTable


def upsert(updates, name):
    DeltaTable.forName(spark, name).alias("t").merge(updates.alias("u"), "t.id = u.id").whenMatchedUpdateAll().execute()


def publish(df, name):
    df.writeStream.trigger(processingTime="5 seconds").toTable(name)
`
	ioAppends = `def upsert(updates, name):
    updates.write.mode("append").saveAsTable(name)


def publish(df, name):
    df.writeStream.trigger(processingTime="5 minutes").toTable(name)
`
	upsertOrders = `from lib.io import upsert

upsert(spark.table("main.sales.updates"), "main.sales.orders")
`
	upsertOther = `from lib.io import upsert

upsert(spark.table("main.sales.updates"), "main.sales.other")
`
	streamOrders = `from lib.io import publish

orders = spark.readStream.table("main.sales.orders")
publish(orders, "main.sales.orders_copy")
`
	mergeOrders = `spark.sql("MERGE INTO main.sales.orders t USING main.sales.updates u ON t.id = u.id WHEN MATCHED THEN UPDATE SET *")
`
)

// TestEditsMatchAFreshRun edits a project through the server (a helper's
// body on disk and in a buffer, a table definition in a buffer, a stream's
// source on disk, a file deleted and one added, a buffer closed) and, after
// each edit, compares every open document's diagnostics with those of a
// fresh run over the same files and buffers, as `lakelint check` makes it.
func TestEditsMatchAFreshRun(t *testing.T) {
	dir := contextProject(t, eventsByDate)
	path := func(name string) string { return filepath.Join(dir, filepath.FromSlash(name)) }
	// settle dates the project's files and directories an hour back (each
	// change a second after the last), so that the server's memo keeps
	// them as they are: a time too recent is not trusted
	age := 0
	settle := func() {
		age++
		old := time.Now().Add(-time.Hour + time.Duration(age)*time.Second)
		err := filepath.WalkDir(dir, func(p string, _ os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			return os.Chtimes(p, old, old)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	write := func(name, text string) {
		writeFile(t, path(name), text)
		settle()
	}
	for _, d := range []string{"lib", "jobs"} {
		if err := os.MkdirAll(path(d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("lib/io.py", ioMerges)
	write("jobs/upsert.py", upsertOrders)
	write("jobs/stream.py", streamOrders)
	write("jobs/optimize.py", optimizeEvents)
	write("models/events.sql", eventsByDate)

	rc, err := cache.Open(cache.Options{Dir: filepath.Join(t.TempDir(), "cache"), Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(rc.Close)
	var srv *Server
	c := newClient(t, Options{Engine: engine.Options{ProjectContext: true}, CacheFor: func(string) *cache.Cache { return rc }},
		func(s *Server) { srv = s })
	c.initialize()

	open := map[string]string{} // the open buffers by file name, with their text
	versions := map[string]int{}
	openDoc := func(name, text string) {
		open[name], versions[name] = text, 1
		c.open(fileURI(path(name)), languageOf(name), text)
	}
	edit := func(name, text string) {
		open[name] = text
		versions[name]++
		c.change(fileURI(path(name)), versions[name], text)
	}
	watched := func(kind int, names ...string) {
		var changes []map[string]any
		for _, n := range names {
			changes = append(changes, map[string]any{"uri": fileURI(path(n)), "type": kind})
		}
		c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": changes})
	}
	const created, changed, deleted = 1, 2, 3

	// same waits for the server's runs to end and compares what it last
	// published for each open document with a fresh run's diagnostics
	same := func(step string) map[string][]diagnostic {
		t.Helper()
		c.call("lakelint/ping", nil) // answered once every notification before it is handled
		srv.lints.Wait()
		c.call("lakelint/ping", nil) // answered after what the runs published: the client has read it
		want := freshDiagnostics(t, dir, open)
		got := lastPublished(t, c)
		for name := range open {
			uri := fileURI(path(name))
			w, _ := json.Marshal(want[uri])
			if !sameJSON(t, got[uri], w) {
				t.Fatalf("%s: %s has\n%s\nwhere a fresh run gives\n%s", step, name, got[uri], w)
			}
		}
		return want
	}
	codesOf := func(diags map[string][]diagnostic, name string) []string {
		var out []string
		for _, d := range diags[fileURI(path(name))] {
			out = append(out, d.Code)
		}
		return out
	}
	has := func(diags map[string][]diagnostic, name, code string) bool {
		return slices.Contains(codesOf(diags, name), code)
	}

	openDoc("jobs/stream.py", streamOrders)
	openDoc("jobs/optimize.py", optimizeEvents)
	openDoc("models/events.sql", eventsByDate)
	d := same("opened")
	if !has(d, "jobs/stream.py", "LL204") || !has(d, "jobs/optimize.py", "LL403") {
		t.Fatalf("the project does not find what the test edits away: %v, %v", codesOf(d, "jobs/stream.py"), codesOf(d, "jobs/optimize.py"))
	}

	write("lib/io.py", ioAppends)
	watched(changed, "lib/io.py")
	if d := same("a helper's body changed on disk"); has(d, "jobs/stream.py", "LL204") {
		t.Fatal("the helper no longer MERGEs, yet the stream is reported")
	}

	edit("models/events.sql", eventsByCustomer)
	if d := same("a table definition edited"); has(d, "jobs/optimize.py", "LL403") {
		t.Fatal("the table is partitioned by the filter's column, yet LL403")
	}

	openDoc("lib/io.py", ioAppends)
	edit("lib/io.py", ioMerges)
	if d := same("a helper's body edited in a buffer"); !has(d, "jobs/stream.py", "LL204") {
		t.Fatal("the unsaved helper MERGEs again, yet no LL204")
	}

	write("jobs/upsert.py", upsertOther)
	watched(changed, "jobs/upsert.py")
	if d := same("the stream's source changed on disk"); has(d, "jobs/stream.py", "LL204") {
		t.Fatal("nothing MERGEs into the stream's source, yet LL204")
	}
	write("jobs/upsert.py", upsertOrders)
	watched(changed, "jobs/upsert.py")
	same("the stream's source changed back")

	if err := os.Remove(path("jobs/upsert.py")); err != nil {
		t.Fatal(err)
	}
	settle()
	watched(deleted, "jobs/upsert.py")
	if d := same("a file deleted"); has(d, "jobs/stream.py", "LL204") {
		t.Fatal("the file that MERGEs is gone, yet LL204")
	}

	write("jobs/merge.py", mergeOrders)
	watched(created, "jobs/merge.py")
	if d := same("a file added"); !has(d, "jobs/stream.py", "LL204") {
		t.Fatal("a new file MERGEs into the stream's source, yet no LL204")
	}

	delete(open, "lib/io.py")
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": fileURI(path("lib/io.py"))}})
	same("a buffer closed")
	edit("models/events.sql", eventsByDate)
	same("a table definition edited back")
}

func languageOf(name string) string {
	if filepath.Ext(name) == ".sql" {
		return "sql"
	}
	return "python"
}

// freshDiagnostics lints the open buffers (by file name under dir) with
// the project's other files from disk, in a run of its own with nothing
// kept from another, and turns the findings into each buffer's diagnostics.
func freshDiagnostics(t *testing.T, dir string, open map[string]string) map[string][]diagnostic {
	t.Helper()
	configs, err := config.NewResolver(config.ResolverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var srcs []engine.Source
	for name, text := range open {
		srcs = append(srcs, engine.Source{Path: filepath.Join(dir, filepath.FromSlash(name)), Data: []byte(text)})
	}
	res, err := engine.New(configs, engine.Options{ProjectContext: true}).LintSources(context.Background(), srcs)
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string][]finding.Finding{}
	for _, f := range res.Findings {
		byPath[f.Path] = append(byPath[f.Path], f)
	}
	out := map[string][]diagnostic{}
	for _, s := range srcs {
		d := &docSnapshot{uri: fileURI(s.Path), path: s.Path, text: string(s.Data)}
		for uri, list := range diagnosticsOf(d, s.Data, nil, byPath[s.Path]) {
			out[uri] = list
		}
	}
	return out
}

// lastPublished is the diagnostics the server last sent for each URI.
func lastPublished(t *testing.T, c *testClient) map[string]json.RawMessage {
	t.Helper()
	out := map[string]json.RawMessage{}
	for _, m := range c.sent() {
		if m.Method != "textDocument/publishDiagnostics" {
			continue
		}
		var p struct {
			URI         string          `json:"uri"`
			Diagnostics json.RawMessage `json:"diagnostics"`
		}
		if err := json.Unmarshal(m.Params, &p); err != nil {
			t.Fatal(err)
		}
		out[p.URI] = p.Diagnostics
	}
	return out
}

func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		return false
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	return reflect.DeepEqual(x, y)
}
