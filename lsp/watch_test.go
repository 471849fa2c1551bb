package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/output"
)

func initializeWith(c *testClient, caps map[string]any) {
	c.t.Helper()
	if resp := c.call("initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": caps}); resp.Error != nil {
		c.t.Fatalf("initialize: %v", resp.Error)
	}
	c.notify("initialized", map[string]any{})
}

// A client that can register watchers dynamically is asked to watch the
// configs and the project's sources; one that cannot is not asked.
func TestRegistersWatchedFiles(t *testing.T) {
	c := newClient(t, Options{})
	initializeWith(c, map[string]any{"workspace": map[string]any{"didChangeWatchedFiles": map[string]any{"dynamicRegistration": true}}})
	req := c.await("registerCapability", func(m message) bool { return m.Method == "client/registerCapability" })
	if len(req.ID) == 0 {
		t.Fatalf("registerCapability is not a request: %+v", req)
	}
	var p registrationParams
	var opts struct {
		Watchers []fileSystemWatcher `json:"watchers"`
	}
	if err := json.Unmarshal(req.Params, &p); err != nil || len(p.Registrations) != 1 {
		t.Fatalf("params %s: %v", req.Params, err)
	}
	r := p.Registrations[0]
	b, _ := json.Marshal(r.RegisterOptions)
	if err := json.Unmarshal(b, &opts); err != nil || r.Method != "workspace/didChangeWatchedFiles" {
		t.Fatalf("registration %+v: %v", r, err)
	}
	var globs []string
	for _, w := range opts.Watchers {
		globs = append(globs, w.GlobPattern)
	}
	for _, want := range []string{"**/.lakelint.yaml", "**/.lakelint.yml", "**/pyproject.toml", "**/*.py", "**/*.sql", "**/*.ipynb"} {
		if !slices.Contains(globs, want) {
			t.Errorf("no watcher for %s in %v", want, globs)
		}
	}
	// the client's answer, a null result, is taken as one
	c.send(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": nil})
	before := len(c.sent())
	if resp := c.call("lakelint/ping", nil); resp.Error == nil || len(c.sent()) != before+1 {
		t.Errorf("the answer was answered: %+v", c.sent()[before:])
	}

	plain := newClient(t, Options{})
	initializeWith(plain, map[string]any{"workspace": map[string]any{"didChangeWatchedFiles": map[string]any{"dynamicRegistration": false}}})
	plain.call("lakelint/ping", nil)
	for _, m := range plain.sent() {
		if m.Method == "client/registerCapability" {
			t.Errorf("registered without the capability: %s", m.Params)
		}
	}
}

const (
	eventsByDate     = "CREATE TABLE main.reporting.events (id BIGINT, customer_id BIGINT, event_date DATE)\nUSING DELTA PARTITIONED BY (event_date);\n"
	eventsByCustomer = "CREATE TABLE main.reporting.events (id BIGINT, customer_id BIGINT, event_date DATE)\nUSING DELTA PARTITIONED BY (customer_id);\n"
	optimizeEvents   = "spark.sql(\"OPTIMIZE main.reporting.events WHERE customer_id > 10\")\n"
)

// contextProject is a project whose models/events.sql defines the table
// the OPTIMIZE in jobs/optimize.py filters: LL403 says when the filter is
// not on a partition column. (The benchmark's generated files never name
// the table's schema.)
func contextProject(t testing.TB, ddl string) string {
	dir := t.TempDir()
	contextProjectIn(t, dir, ddl)
	return dir
}

func contextProjectIn(t testing.TB, dir, ddl string) {
	for name, text := range map[string]string{".lakelint.yaml": "", "models/events.sql": ddl} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
}

func hasCode(diags []output.LSPDiagnostic, code string) bool {
	return slices.ContainsFunc(diags, func(d output.LSPDiagnostic) bool { return d.Code == code })
}

// An open buffer is what the other open documents see of its file, saved
// or not; changing it re-lints them, and closing it shows them the disk.
func TestUnsavedBufferIsProjectContext(t *testing.T) {
	dir := contextProject(t, eventsByDate)
	models := fileURI(filepath.Join(dir, "models", "events.sql"))
	job := fileURI(filepath.Join(dir, "jobs", "optimize.py"))
	c := newClient(t, Options{Engine: engine.Options{ProjectContext: true}})
	c.initialize()
	c.open(job, "python", optimizeEvents)
	if d := c.diagnostics(job, 1); !hasCode(d, "LL403") {
		t.Fatalf("against the file on disk: %+v", d)
	}
	c.open(models, "sql", eventsByCustomer) // not saved
	if d := c.diagnostics(job, 1); hasCode(d, "LL403") {
		t.Errorf("against the open buffer: %+v", d)
	}
	c.change(models, 2, eventsByDate)
	if d := c.diagnostics(job, 1); !hasCode(d, "LL403") {
		t.Errorf("after the buffer changed: %+v", d)
	}
	c.change(models, 3, eventsByCustomer)
	if d := c.diagnostics(job, 1); hasCode(d, "LL403") {
		t.Errorf("after it changed back: %+v", d)
	}
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": models}})
	if d := c.diagnostics(job, 1); !hasCode(d, "LL403") {
		t.Errorf("after the buffer closed: %+v", d)
	}
	if code := c.stop(); code != 0 {
		t.Errorf("exit code %d", code)
	}
}

// A file changed on disk (a pull, another editor) re-lints the open
// documents when the client says so; a file lakelint does not read does not.
func TestWatchedFileChangeRelints(t *testing.T) {
	dir := contextProject(t, eventsByDate)
	job := fileURI(filepath.Join(dir, "jobs", "optimize.py"))
	c := newClient(t, Options{Engine: engine.Options{ProjectContext: true}})
	c.initialize()
	c.open(job, "python", optimizeEvents)
	if d := c.diagnostics(job, 1); !hasCode(d, "LL403") {
		t.Fatalf("before: %+v", d)
	}
	ddl := filepath.Join(dir, "models", "events.sql")
	writeFile(t, ddl, eventsByCustomer)
	gen := func() uint64 {
		c.srv.docs.mu.Lock()
		defer c.srv.docs.mu.Unlock()
		return c.srv.docs.gen
	}
	before := gen()
	notes := filepath.Join(dir, "notes.txt")
	writeFile(t, notes, "x")
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": fileURI(notes), "type": 2}}})
	c.call("lakelint/ping", nil) // the notification was handled
	if gen() != before {
		t.Errorf("a text file's change re-linted the open documents")
	}
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": fileURI(ddl), "type": 2}}})
	if d := c.diagnostics(job, 1); hasCode(d, "LL403") {
		t.Errorf("after the definition changed on disk: %+v", d)
	}
	// a config changed (pyproject.toml, say) rereads the configs
	conf := fileURI(filepath.Join(dir, "jobs", "conf.py"))
	c.open(conf, "python", adaptiveLine+"\n")
	if d := c.diagnostics(conf, 1); !hasCode(d, "LL501") {
		t.Fatalf("before the config changed: %+v", d)
	}
	writeFile(t, filepath.Join(dir, ".lakelint.yaml"), "ignore: [LL501]\n")
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": fileURI(filepath.Join(dir, "pyproject.toml")), "type": 1}}})
	if d := c.diagnostics(conf, 1); len(d) != 0 {
		t.Errorf("after the configs were reread: %+v", d)
	}
}

// Quick fixes are found by the id in the diagnostic's data when a client
// echoes the diagnostic with other columns (bytes, not UTF-16 units), and
// by range when it echoes no data.
func TestCodeActionMatchesByData(t *testing.T) {
	dir := project(t, "")
	uri := fileURI(filepath.Join(dir, "unicode.py"))
	line := `note = "🙂🙂"; ` + vacuumLine
	text := "from delta.tables import DeltaTable\n" + line + "\n"
	c := newClient(t, Options{})
	c.initialize()
	c.open(uri, "python", text)
	c.diagnostics(uri, 1)
	var raw []map[string]any // the diagnostics as sent, data and all
	for _, m := range c.sent() {
		var p struct {
			URI         string           `json:"uri"`
			Diagnostics []map[string]any `json:"diagnostics"`
		}
		if m.Method == "textDocument/publishDiagnostics" && json.Unmarshal(m.Params, &p) == nil && p.URI == uri {
			raw = p.Diagnostics
		}
	}
	if len(raw) != 1 {
		t.Fatalf("diagnostics: %+v", raw)
	}
	data, _ := raw[0]["data"].(map[string]any)
	if data["code"] != "LL401" || data["id"] == "" || data["id"] == nil {
		t.Fatalf("data = %+v", data)
	}
	one := strings.Index(line, "(1)") + 1
	bytesRange := rng(1, one, 1, one+1) // as a client counting bytes echoes it
	if bytesRange.Start.Character == utf16Len(line[:one]) {
		t.Fatal("the line is ASCII: the test checks nothing")
	}
	ask := func(d map[string]any) []codeAction {
		resp := c.call("textDocument/codeAction", map[string]any{
			"textDocument": map[string]any{"uri": uri}, "range": bytesRange,
			"context": map[string]any{"diagnostics": []any{d}},
		})
		var acts []codeAction
		if err := json.Unmarshal(resp.Result, &acts); err != nil {
			t.Fatalf("%s: %v", resp.Result, err)
		}
		return acts
	}
	shifted := map[string]any{"range": bytesRange, "code": "LL401", "message": raw[0]["message"], "data": data}
	acts := ask(shifted)
	if len(acts) != 1 {
		t.Fatalf("shifted columns, data kept: %+v", acts)
	}
	if fixed := apply(t, text, uri, acts[0]); !strings.Contains(fixed, ".vacuum(168)") {
		t.Errorf("fixed:\n%s", fixed)
	}
	delete(shifted, "data")
	if acts := ask(shifted); len(acts) != 0 {
		t.Errorf("shifted columns, no data: %+v", acts)
	}
	// data lakelint did not send falls back to the range
	exact := map[string]any{"range": raw[0]["range"], "code": "LL401", "data": map[string]any{"code": "LL401", "id": "elsewhere"}}
	if acts := ask(exact); len(acts) != 1 {
		t.Errorf("unknown id, exact range: %+v", acts)
	}
	// another rule's id is not this diagnostic
	wrong := map[string]any{"range": bytesRange, "code": "LL101", "data": map[string]any{"code": "LL101", "id": data["id"]}}
	if acts := ask(wrong); len(acts) != 0 {
		t.Errorf("another code: %+v", acts)
	}
}

// Without project context each buffer is linted alone: another open
// buffer's table is not seen.
func TestNoProjectContextLintsAlone(t *testing.T) {
	dir := contextProject(t, eventsByDate)
	models := fileURI(filepath.Join(dir, "models", "events.sql"))
	job := fileURI(filepath.Join(dir, "jobs", "optimize.py"))
	c := newClient(t, Options{})
	c.initialize()
	c.open(models, "sql", eventsByDate)
	c.diagnostics(models, 1)
	c.open(job, "python", optimizeEvents)
	if d := c.diagnostics(job, 1); hasCode(d, "LL403") {
		t.Errorf("the other buffer's table was seen: %+v", d)
	}
}
