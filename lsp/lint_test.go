package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/output"
)

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A slow lint of older text must never overwrite the diagnostics of newer
// text, and must not hold up reading.
func TestStaleLintIsDropped(t *testing.T) {
	dir := project(t, "")
	uri := fileURI(filepath.Join(dir, "job.py"))
	release := make(chan struct{})
	started := make(chan struct{}, 1)
	c := newClient(t, Options{}, func(s *Server) {
		lint := s.lint
		s.lint = func(ctx context.Context, l *engine.Linter, srcs []engine.Source) (*engine.Result, error) {
			if string(srcs[0].Data) == twoFindings {
				started <- struct{}{}
				<-release // the first text lints slowly, whatever its context says
			}
			return lint(context.Background(), l, srcs)
		}
	})
	c.initialize()
	c.open(uri, "python", twoFindings)
	<-started
	c.change(uri, 2, "x = 1\n")
	c.change(uri, 3, cleanVersion)
	// the reader is free while the first lint hangs
	if resp := c.call("lakelint/ping", nil); resp.Error == nil || resp.Error.Code != codeMethodNotFound {
		t.Errorf("ping: %+v", resp.Error)
	}
	close(release)
	if diags := c.diagnostics(uri, 3); len(diags) != 0 {
		t.Errorf("version 3: %+v", diags)
	}
	if code := c.stop(); code != 0 { // Serve waits for every lint to end
		t.Errorf("exit code %d", code)
	}
	for _, m := range c.sent() {
		if m.Method != "textDocument/publishDiagnostics" {
			continue
		}
		var p publishDiagnosticsParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			t.Fatal(err)
		}
		// version 2 was replaced before its lint could start
		if p.Version == nil || *p.Version != 3 {
			t.Errorf("stale diagnostics published: %s", m.Params)
		}
	}
}

// A lint that panics is logged; the server goes on.
func TestLintPanicIsRecovered(t *testing.T) {
	dir := project(t, "")
	c := newClient(t, Options{}, func(s *Server) {
		lint := s.lint
		s.lint = func(ctx context.Context, l *engine.Linter, srcs []engine.Source) (*engine.Result, error) {
			for _, src := range srcs {
				if filepath.Base(src.Path) == "boom.py" {
					panic("lint exploded")
				}
			}
			return lint(ctx, l, srcs)
		}
	})
	c.initialize()
	c.open(fileURI(filepath.Join(dir, "boom.py")), "python", "x = 1\n")
	ok := fileURI(filepath.Join(dir, "ok.py"))
	c.open(ok, "python", adaptiveLine+"\n")
	if diags := c.diagnostics(ok, 1); len(diags) != 1 {
		t.Errorf("after a panicking lint: %+v", diags)
	}
	if code := c.stop(); code != 0 {
		t.Errorf("exit code %d", code)
	}
}

// Files the config excludes get no diagnostics.
func TestExcludedFile(t *testing.T) {
	dir := project(t, "extend-exclude: [\"generated/**\"]\n")
	uri := fileURI(filepath.Join(dir, "generated", "job.py"))
	c := newClient(t, Options{})
	c.initialize()
	c.open(uri, "python", adaptiveLine+"\n")
	if diags := c.diagnostics(uri, 1); len(diags) != 0 {
		t.Errorf("excluded file: %+v", diags)
	}
}

// Between a change and its lint, the fixes of the older text are not
// offered: their ranges may no longer point at the code they fix.
func TestNoActionsForChangedBuffer(t *testing.T) {
	dir := project(t, "")
	uri := fileURI(filepath.Join(dir, "job.py"))
	release := make(chan struct{})
	c := newClient(t, Options{}, func(s *Server) {
		lint := s.lint
		s.lint = func(ctx context.Context, l *engine.Linter, srcs []engine.Source) (*engine.Result, error) {
			if string(srcs[0].Data) == "# edited\n"+twoFindings {
				<-release
			}
			return lint(ctx, l, srcs)
		}
	})
	c.initialize()
	c.open(uri, "python", twoFindings)
	diags := c.diagnostics(uri, 1)
	if acts := codeActions(t, c, uri, diags[:1]); len(acts) != 1 {
		t.Fatalf("before the edit: %+v", acts)
	}
	c.change(uri, 2, "# edited\n"+twoFindings)
	if acts := codeActions(t, c, uri, diags[:1]); len(acts) != 0 {
		t.Errorf("while the edit is linted: %+v", acts)
	}
	close(release)
	diags = c.diagnostics(uri, 2)
	if len(diags) != 2 || diags[0].Range.Start.Line != 2 {
		t.Fatalf("after the edit: %+v", diags)
	}
	if acts := codeActions(t, c, uri, diags[:1]); len(acts) != 1 {
		t.Errorf("after the edit: %+v", acts)
	}
}

// With project context, a buffer is linted with the tables its project's
// other files define, read through the project's cache: the OPTIMIZE in
// the buffer filters on a column the table in models/events.sql is not
// partitioned by.
func TestProjectContextThroughTheCache(t *testing.T) {
	dir := project(t, "")
	if err := os.MkdirAll(filepath.Join(dir, "models"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "models", "events.sql"),
		"CREATE TABLE main.sales.events (id BIGINT, customer_id BIGINT, event_date DATE)\nUSING DELTA PARTITIONED BY (event_date);\n")
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	uri := fileURI(filepath.Join(dir, "jobs", "optimize.py"))
	text := "spark.sql(\"OPTIMIZE main.sales.events WHERE customer_id > 10\")\n"
	codes := func(diags []output.LSPDiagnostic) []string {
		var out []string
		for _, d := range diags {
			out = append(out, fmt.Sprint(d.Code))
		}
		return out
	}

	alone := newClient(t, Options{})
	alone.initialize()
	alone.open(uri, "python", text)
	if got := codes(alone.diagnostics(uri, 1)); slices.Contains(got, "LL403") {
		t.Errorf("without project context the table is unknown, yet: %v", got)
	}

	rc, err := cache.Open(cache.Options{Dir: filepath.Join(t.TempDir(), "cache"), Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(rc.Close)
	c := newClient(t, Options{Engine: engine.Options{ProjectContext: true}, CacheFor: func(string) *cache.Cache { return rc }})
	c.initialize()
	c.open(uri, "python", text)
	if got := codes(c.diagnostics(uri, 1)); !slices.Contains(got, "LL403") {
		t.Errorf("with project context: %v, want LL403", got)
	}
	c.change(uri, 2, "# edited\n"+text)
	if got := codes(c.diagnostics(uri, 2)); !slices.Contains(got, "LL403") {
		t.Errorf("after an edit: %v, want LL403", got)
	}
	if s := rc.Stats(); s.Written != 1 || s.Hits < 1 {
		t.Errorf("the other file was not read through the cache: %+v", s)
	}
}
