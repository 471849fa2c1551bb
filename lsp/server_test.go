package lsp

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/output"
)

const (
	vacuumLine   = `DeltaTable.forName(spark, "t").vacuum(1)`
	adaptiveLine = `spark.conf.set("spark.sql.adaptive.enabled", "false")`
	twoFindings  = "from delta.tables import DeltaTable\n" + vacuumLine + "\n" + adaptiveLine + "\n"
	cleanVersion = "from delta.tables import DeltaTable\n" +
		`DeltaTable.forName(spark, "t").vacuum(168)` + "\n" +
		`spark.conf.set("spark.sql.adaptive.enabled", "true")` + "\n"
	repartitionSource = `spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")` + "\n" +
		`df.repartition(8).write.saveAsTable("a.b.c")` + "\n"
)

func rng(l1, c1, l2, c2 int) output.LSPRange {
	return output.LSPRange{Start: output.LSPPosition{Line: l1, Character: c1}, End: output.LSPPosition{Line: l2, Character: c2}}
}

// utf16Len counts s in UTF-16 code units, as LSP characters do.
func utf16Len(s string) int { return len(utf16.Encode([]rune(s))) }

func TestLifecycle(t *testing.T) {
	c := newClient(t, Options{Version: "1.2.3"})
	resp := c.call("initialize", map[string]any{"processId": 42, "rootUri": nil, "capabilities": map[string]any{}})
	if resp.Error != nil {
		t.Fatal(resp.Error)
	}
	var got struct {
		Capabilities struct {
			TextDocumentSync struct {
				OpenClose bool `json:"openClose"`
				Change    int  `json:"change"`
				Save      *struct {
					IncludeText bool `json:"includeText"`
				} `json:"save"`
			} `json:"textDocumentSync"`
			CodeActionProvider struct {
				CodeActionKinds []string `json:"codeActionKinds"`
			} `json:"codeActionProvider"`
			NotebookDocumentSync struct {
				NotebookSelector []struct {
					Notebook struct {
						NotebookType string `json:"notebookType"`
					} `json:"notebook"`
				} `json:"notebookSelector"`
			} `json:"notebookDocumentSync"`
		} `json:"capabilities"`
		ServerInfo serverInfo `json:"serverInfo"`
	}
	if err := json.Unmarshal(resp.Result, &got); err != nil {
		t.Fatal(err)
	}
	sync := got.Capabilities.TextDocumentSync
	if !sync.OpenClose || sync.Change != 1 || sync.Save == nil {
		t.Errorf("textDocumentSync = %+v", sync)
	}
	if k := got.Capabilities.CodeActionProvider.CodeActionKinds; len(k) != 1 || k[0] != "quickfix" {
		t.Errorf("codeActionKinds = %v", k)
	}
	if sel := got.Capabilities.NotebookDocumentSync.NotebookSelector; len(sel) != 1 || sel[0].Notebook.NotebookType != "jupyter-notebook" {
		t.Errorf("notebookSelector = %+v", sel)
	}
	if got.ServerInfo != (serverInfo{Name: "lakelint", Version: "1.2.3"}) {
		t.Errorf("serverInfo = %+v", got.ServerInfo)
	}
	c.notify("initialized", map[string]any{})

	if again := c.call("initialize", map[string]any{"capabilities": map[string]any{}}); again.Error == nil || again.Error.Code != codeInvalidRequest {
		t.Errorf("second initialize: %+v", again.Error)
	}
	shut := c.call("shutdown", nil)
	if shut.Error != nil || string(shut.Result) != "null" {
		t.Errorf("shutdown: result %s, error %v", shut.Result, shut.Error)
	}
	if after := c.call("textDocument/codeAction", map[string]any{}); after.Error == nil || after.Error.Code != codeInvalidRequest {
		t.Errorf("request after shutdown: %+v", after.Error)
	}
	c.notify("exit", nil)
	if code := c.waitExit(); code != 0 {
		t.Errorf("exit after shutdown: code %d, want 0", code)
	}
}

func TestExitWithoutShutdown(t *testing.T) {
	c := newClient(t, Options{})
	c.initialize()
	c.notify("exit", nil)
	if code := c.waitExit(); code != 1 {
		t.Errorf("exit without shutdown: code %d, want 1", code)
	}
}

func TestEndOfInput(t *testing.T) {
	c := newClient(t, Options{})
	c.initialize()
	c.in.Close()
	if code := c.waitExit(); code != 1 {
		t.Errorf("input ended without shutdown: code %d, want 1", code)
	}
}

func TestRequestBeforeInitialize(t *testing.T) {
	c := newClient(t, Options{})
	resp := c.call("textDocument/codeAction", map[string]any{})
	if resp.Error == nil || resp.Error.Code != codeServerNotInitialized {
		t.Fatalf("got %+v, want ServerNotInitialized", resp.Error)
	}
	c.initialize()
	if code := c.stop(); code != 0 {
		t.Errorf("exit code %d", code)
	}
}

func TestDiagnosticsFollowTheBuffer(t *testing.T) {
	dir := project(t, "default-format: delta\n")
	uri := fileURI(filepath.Join(dir, "job.py")) // never written: the buffer is what counts
	c := newClient(t, Options{})
	c.initialize()

	c.open(uri, "python", twoFindings)
	diags := c.diagnostics(uri, 1)
	if len(diags) != 2 {
		t.Fatalf("got %d diagnostics, want 2: %+v", len(diags), diags)
	}
	vacuum, adaptive := diags[0], diags[1]
	if vacuum.Code != "LL401" || vacuum.Range != rng(1, 38, 1, 39) || vacuum.Source != "lakelint" || vacuum.Severity != 1 {
		t.Errorf("LL401 diagnostic = %+v", vacuum)
	}
	if adaptive.Code != "LL501" || adaptive.Range != rng(2, 11, 2, 53) || adaptive.Source != "lakelint" {
		t.Errorf("LL501 diagnostic = %+v", adaptive)
	}
	if adaptive.CodeDescription == nil || !strings.HasSuffix(adaptive.CodeDescription.Href, "LL501.md") {
		t.Errorf("LL501 codeDescription = %+v", adaptive.CodeDescription)
	}
	if fx := vacuum.Data.Fixes; len(fx) != 1 || fx[0].Applicability != "unsafe" {
		t.Errorf("LL401 fixes = %+v", fx)
	}

	c.change(uri, 2, cleanVersion)
	if diags := c.diagnostics(uri, 2); len(diags) != 0 {
		t.Errorf("fixed buffer: %+v", diags)
	}

	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": uri}})
	if diags := c.diagnostics(uri, -1); len(diags) != 0 {
		t.Errorf("closed buffer: %+v", diags)
	}
	if code := c.stop(); code != 0 {
		t.Errorf("exit code %d", code)
	}
}

func TestDidCloseClearsDiagnostics(t *testing.T) {
	dir := project(t, "")
	uri := fileURI(filepath.Join(dir, "job.py"))
	c := newClient(t, Options{})
	c.initialize()
	c.open(uri, "python", adaptiveLine+"\n")
	if diags := c.diagnostics(uri, 1); len(diags) != 1 {
		t.Fatalf("open: %+v", diags)
	}
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": uri}})
	if diags := c.diagnostics(uri, -1); len(diags) != 0 {
		t.Errorf("after close: %+v", diags)
	}
	// a closed document has no fixes to offer
	if acts := codeActions(t, c, uri, nil); len(acts) != 0 {
		t.Errorf("actions after close: %+v", acts)
	}
}

// codeActions asks for the actions of the given diagnostics.
func codeActions(t *testing.T, c *testClient, uri string, diags []output.LSPDiagnostic) []codeAction {
	t.Helper()
	r := rng(0, 0, 0, 0)
	if len(diags) > 0 {
		r = diags[0].Range
	}
	if diags == nil {
		diags = []output.LSPDiagnostic{}
	}
	resp := c.call("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": uri},
		"range":        r,
		"context":      map[string]any{"diagnostics": diags},
	})
	if resp.Error != nil {
		t.Fatalf("codeAction: %v", resp.Error)
	}
	var acts []codeAction
	if err := json.Unmarshal(resp.Result, &acts); err != nil || acts == nil {
		t.Fatalf("codeAction result %s: %v", resp.Result, err)
	}
	return acts
}

// apply applies one action's edits, last first, as an editor would.
func apply(t *testing.T, text, uri string, a codeAction) string {
	t.Helper()
	edits := a.Edit.Changes[uri]
	if len(edits) == 0 {
		t.Fatalf("action %q has no edits for %s: %+v", a.Title, uri, a.Edit)
	}
	for i := len(edits) - 1; i >= 0; i-- {
		e := edits[i]
		text = applyChange(text, contentChange{Range: &e.Range, Text: e.NewText})
	}
	return text
}

func TestCodeActionUnsafeFix(t *testing.T) {
	dir := project(t, "")
	uri := fileURI(filepath.Join(dir, "maintenance.py"))
	c := newClient(t, Options{})
	c.initialize()
	c.open(uri, "python", twoFindings)
	diags := c.diagnostics(uri, 1)

	acts := codeActions(t, c, uri, diags[:1]) // LL401
	if len(acts) != 1 {
		t.Fatalf("got %d actions, want 1: %+v", len(acts), acts)
	}
	a := acts[0]
	if a.Title != "(unsafe) Retain 168 hours" || a.Kind != "quickfix" || a.IsPreferred {
		t.Errorf("action = %q kind %q preferred %v", a.Title, a.Kind, a.IsPreferred)
	}
	want := []output.LSPTextEdit{{Range: rng(1, 38, 1, 39), NewText: "168"}}
	if got := a.Edit.Changes[uri]; len(got) != 1 || got[0] != want[0] {
		t.Errorf("edits = %+v, want %+v", got, want)
	}
	if len(a.Diagnostics) != 1 || !strings.Contains(string(a.Diagnostics[0]), `"LL401"`) {
		t.Errorf("action diagnostics = %s", a.Diagnostics)
	}
	if fixed := apply(t, twoFindings, uri, a); !strings.Contains(fixed, ".vacuum(168)\n") {
		t.Errorf("fixed text:\n%s", fixed)
	}

	// a diagnostic lakelint did not publish gets nothing
	other := diags[0]
	other.Code = "LL999"
	if acts := codeActions(t, c, uri, []output.LSPDiagnostic{other}); len(acts) != 0 {
		t.Errorf("unknown diagnostic: %+v", acts)
	}
	// LL501 has no fix
	if acts := codeActions(t, c, uri, diags[1:]); len(acts) != 0 {
		t.Errorf("LL501: %+v", acts)
	}
	// a client asking only for refactorings gets none
	resp := c.call("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": uri}, "range": diags[0].Range,
		"context": map[string]any{"diagnostics": diags, "only": []string{"refactor"}},
	})
	if string(resp.Result) != "[]" {
		t.Errorf("only refactor: %s", resp.Result)
	}
}

func TestCodeActionSafeFix(t *testing.T) {
	dir := project(t, "platform: databricks\n") // saveAsTable with no format writes Delta there
	uri := fileURI(filepath.Join(dir, "write.py"))
	c := newClient(t, Options{})
	c.initialize()
	c.open(uri, "python", repartitionSource)
	diags := c.diagnostics(uri, 1)
	if len(diags) != 1 || diags[0].Code != "LL101" || diags[0].Range != rng(1, 2, 1, 17) {
		t.Fatalf("diagnostics = %+v", diags)
	}
	acts := codeActions(t, c, uri, diags)
	if len(acts) != 1 {
		t.Fatalf("actions = %+v", acts)
	}
	a := acts[0]
	if a.Title != "Remove .repartition(8)" || !a.IsPreferred || a.Kind != "quickfix" {
		t.Errorf("action = %q preferred %v kind %q", a.Title, a.IsPreferred, a.Kind)
	}
	fixed := apply(t, repartitionSource, uri, a)
	if !strings.Contains(fixed, "\ndf.write.saveAsTable(\"a.b.c\")\n") {
		t.Errorf("fixed text:\n%s", fixed)
	}

	// once the buffer changes, the old fixes are not offered
	c.change(uri, 2, fixed)
	if diags := c.diagnostics(uri, 2); len(diags) != 0 {
		t.Errorf("after the fix: %+v", diags)
	}
	if acts := codeActions(t, c, uri, diags); len(acts) != 0 {
		t.Errorf("stale actions: %+v", acts)
	}
}

func TestUTF16Characters(t *testing.T) {
	dir := project(t, "")
	uri := fileURI(filepath.Join(dir, "unicode.py"))
	// é is one UTF-16 unit in two bytes, 日 one in three, 🙂 two in four
	settingLine := `label = "café 日本 🙂"; ` + adaptiveLine
	vacuum := `note = "🙂🙂"; ` + vacuumLine
	text := settingLine + "\n" + vacuum + "\n"
	c := newClient(t, Options{})
	c.initialize()
	c.open(uri, "python", text)
	diags := c.diagnostics(uri, 1)
	if len(diags) != 2 {
		t.Fatalf("diagnostics = %+v", diags)
	}
	setAt := strings.Index(settingLine, "set(")
	wantSetting := rng(0, utf16Len(settingLine[:setAt]), 0, utf16Len(settingLine))
	if d := diags[0]; d.Code != "LL501" || d.Range != wantSetting {
		t.Errorf("LL501 at %+v, want %+v", d.Range, wantSetting)
	}
	if wantSetting.Start.Character == setAt {
		t.Fatal("test line is ASCII: it checks nothing")
	}
	one := strings.Index(vacuum, "(1)") + 1
	wantVacuum := rng(1, utf16Len(vacuum[:one]), 1, utf16Len(vacuum[:one+1]))
	if d := diags[1]; d.Code != "LL401" || d.Range != wantVacuum {
		t.Errorf("LL401 at %+v, want %+v", d.Range, wantVacuum)
	}
	acts := codeActions(t, c, uri, diags[1:])
	if len(acts) != 1 {
		t.Fatalf("actions = %+v", acts)
	}
	if fixed := apply(t, text, uri, acts[0]); fixed != settingLine+"\n"+strings.Replace(vacuum, "(1)", "(168)", 1)+"\n" {
		t.Errorf("fixed text:\n%s", fixed)
	}
}

func TestNearestConfigApplies(t *testing.T) {
	dir := project(t, "ignore: [LL501]\n")
	uri := fileURI(filepath.Join(dir, "job.py"))
	c := newClient(t, Options{})
	c.initialize()
	c.open(uri, "python", twoFindings)
	diags := c.diagnostics(uri, 1)
	if len(diags) != 1 || diags[0].Code != "LL401" {
		t.Errorf("with LL501 ignored: %+v", diags)
	}
}

func TestUntitledBufferUsesLanguageID(t *testing.T) {
	c := newClient(t, Options{})
	c.initialize()
	c.open("untitled:Untitled-1", "python", adaptiveLine+"\n")
	if diags := c.diagnostics("untitled:Untitled-1", 1); len(diags) != 1 || diags[0].Code != "LL501" {
		t.Errorf("untitled python buffer: %+v", diags)
	}
}

func TestProtocolErrorsKeepTheServerGoing(t *testing.T) {
	dir := project(t, "")
	uri := fileURI(filepath.Join(dir, "job.py"))
	c := newClient(t, Options{})
	c.initialize()

	c.raw(`{"jsonrpc": "2.0", "id": 7, "method": `)
	parse := c.await("parse error", func(m message) bool { return m.Error != nil })
	if parse.Error.Code != codeParseError || string(parse.ID) != "null" {
		t.Errorf("malformed JSON: id %s error %+v", parse.ID, parse.Error)
	}

	c.raw(`[1, 2]`)
	invalid := c.await("invalid request", func(m message) bool { return m.Error != nil })
	if invalid.Error.Code != codeInvalidRequest || string(invalid.ID) != "null" {
		t.Errorf("not an object: id %s error %+v", invalid.ID, invalid.Error)
	}

	unknown := c.call("lakelint/nothing", map[string]any{})
	if unknown.Error == nil || unknown.Error.Code != codeMethodNotFound {
		t.Errorf("unknown method: %+v", unknown.Error)
	}

	bad := c.call("textDocument/codeAction", "not an object")
	if bad.Error == nil || bad.Error.Code != codeInvalidParams {
		t.Errorf("bad params: %+v", bad.Error)
	}
	missing := c.call("textDocument/codeAction", nil)
	if missing.Error == nil || missing.Error.Code != codeInvalidParams {
		t.Errorf("missing params: %+v", missing.Error)
	}

	// unknown notifications and broken ones are dropped without an answer
	c.notify("$/setTrace", map[string]any{"value": "off"})
	c.notify("textDocument/didOpen", 17)
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere.py"}})
	if _, err := io.WriteString(c.in, "Content-Type: application/vscode-jsonrpc\r\n\r\n"); err != nil {
		t.Fatal(err) // a header block without a length is skipped
	}
	before := len(c.sent())
	ping := c.call("lakelint/ping", nil)
	if sent := c.sent(); len(sent) != before+1 || ping.Error == nil {
		t.Errorf("notifications were answered: %+v", sent[before:])
	}

	// and the server still works
	c.open(uri, "python", adaptiveLine+"\n")
	if diags := c.diagnostics(uri, 1); len(diags) != 1 {
		t.Errorf("after errors: %+v", diags)
	}
	if code := c.stop(); code != 0 {
		t.Errorf("exit code %d", code)
	}
}

func TestPanicIsRecovered(t *testing.T) {
	c := newClient(t, Options{}, func(s *Server) {
		s.requests["lakelint/boom"] = func(json.RawMessage) (any, error) { panic("boom") }
		s.notifications["lakelint/boomed"] = func(json.RawMessage) error { panic("boomed") }
	})
	c.initialize()
	c.notify("lakelint/boomed", nil)
	resp := c.call("lakelint/boom", nil)
	if resp.Error == nil || resp.Error.Code != codeInternalError {
		t.Errorf("panicking handler: %+v", resp.Error)
	}
	if !strings.Contains(c.log.String(), "boom") {
		t.Errorf("panic not logged:\n%s", c.log.String())
	}
	if code := c.stop(); code != 0 {
		t.Errorf("exit code %d", code)
	}
}

func TestConfigSaveRelints(t *testing.T) {
	dir := project(t, "")
	uri := fileURI(filepath.Join(dir, "job.py"))
	c := newClient(t, Options{})
	c.initialize()
	c.open(uri, "python", twoFindings)
	if diags := c.diagnostics(uri, 1); len(diags) != 2 {
		t.Fatalf("before: %+v", diags)
	}
	cfg := filepath.Join(dir, ".lakelint.yaml")
	writeFile(t, cfg, "ignore: [LL401]\n")
	c.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": fileURI(cfg)}})
	if diags := c.diagnostics(uri, 1); len(diags) != 1 || diags[0].Code != "LL501" {
		t.Errorf("after the config changed: %+v", diags)
	}

	writeFile(t, cfg, "select: [LL5\n") // broken: shown once, old config kept
	c.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": fileURI(cfg)}})
	msg := c.await("showMessage", func(m message) bool { return m.Method == "window/showMessage" })
	if !strings.Contains(string(msg.Params), ".lakelint.yaml") {
		t.Errorf("showMessage = %s", msg.Params)
	}
	c.change(uri, 2, twoFindings+"\n")
	c.diagnostics(uri, 2)
	shown := 0
	for _, m := range c.sent() {
		if m.Method == "window/showMessage" {
			shown++
		}
	}
	if shown != 1 {
		t.Errorf("the config error was shown %d times, want once", shown)
	}
}

// Evidence in another file of the project (the table's definition in a
// migration) is related with that file's URI, when the server indexes the
// project around the buffer.
func TestRelatedInformationInOtherFile(t *testing.T) {
	dir := project(t, "platform: oss\n")
	migration := filepath.Join(dir, "migrations", "001.sql")
	if err := os.MkdirAll(filepath.Dir(migration), 0o755); err != nil {
		t.Fatal(err)
	}
	ddl := "-- sales\nCREATE TABLE main.sales.orders (id BIGINT)\nUSING DELTA\nLOCATION 's3://lake/orders'\n" +
		"TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true', 'delta.autoOptimize.autoCompact' = 'true');\n"
	if err := os.WriteFile(migration, []byte(ddl), 0o644); err != nil {
		t.Fatal(err)
	}
	uri := fileURI(filepath.Join(dir, "jobs", "load.py"))
	c := newClient(t, Options{Engine: engine.Options{ProjectContext: true}})
	c.initialize()
	c.open(uri, "python", "orders = spark.read.json(\"s3://landing/orders/\")\n"+
		"orders.coalesce(1).write.mode(\"append\").saveAsTable(\"main.sales.orders\")\n")
	var ll101 *output.LSPDiagnostic
	diags := c.diagnostics(uri, 1)
	for i := range diags {
		if diags[i].Code == "LL101" {
			ll101 = &diags[i]
		}
	}
	if ll101 == nil {
		t.Fatalf("no LL101 in %+v", diags)
	}
	if len(ll101.RelatedInformation) != 1 {
		t.Fatalf("related %+v", ll101.RelatedInformation)
	}
	loc := ll101.RelatedInformation[0].Location
	if loc.URI != fileURI(migration) || loc.Range.Start.Line != 1 {
		t.Errorf("related at %s line %d, want %s line 1", loc.URI, loc.Range.Start.Line, fileURI(migration))
	}
	if code := c.stop(); code != 0 {
		t.Errorf("exit code %d", code)
	}
}
