package lsp

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// hoverAt asks for a hover and returns its result, nil for none.
func hoverAt(t *testing.T, c *testClient, uri string, line, char int) *hoverResult {
	t.Helper()
	resp := c.call("textDocument/hover", map[string]any{
		"textDocument": map[string]any{"uri": uri},
		"position":     map[string]any{"line": line, "character": char},
	})
	if resp.Error != nil {
		t.Fatalf("hover: %+v", resp.Error)
	}
	if string(resp.Result) == "null" {
		return nil
	}
	var h hoverResult
	if err := json.Unmarshal(resp.Result, &h); err != nil {
		t.Fatalf("hover result %s: %v", resp.Result, err)
	}
	return &h
}

// TestHoverShowsLedgerLine shows the ledger block of the table a name
// under the cursor names, or that the cursor's line writes, with places
// in the unsaved buffer's lines; elsewhere there is no hover.
func TestHoverShowsLedgerLine(t *testing.T) {
	dir := project(t, "default-format: delta\n")
	path := filepath.Join(dir, "job.py")
	uri := fileURI(path) // never written: the buffer is what counts
	c := newClient(t, Options{})
	c.initialize()
	c.open(uri, "python", "events = spark.read.table(\"main.raw.events\")\n\n"+
		"# a daily copy\n"+
		"events.coalesce(1).write.mode(\"append\").saveAsTable(\"main.web.daily\")\n")
	c.diagnostics(uri, 1) // linted

	h := hoverAt(t, c, uri, 3, 58) // inside "main.web.daily"
	if h == nil {
		t.Fatal("no hover on the table name")
	}
	v := h.Contents.Value
	for _, want := range []string{"main.web.daily\n", "writer       " + path + ":4 DataFrameWriter.saveAsTable mode append", "finding      " + path + ":4 LL102"} {
		if !strings.Contains(v, want) {
			t.Errorf("hover lacks %q:\n%s", want, v)
		}
	}
	if h.Contents.Kind != "markdown" || h.Range == nil || *h.Range != rng(3, 53, 3, 67) {
		t.Errorf("hover kind %q range %+v, want markdown over the name", h.Contents.Kind, h.Range)
	}

	// anywhere on the write's line: the table it writes
	if h := hoverAt(t, c, uri, 3, 2); h == nil || !strings.HasPrefix(h.Contents.Value, "```text\nmain.web.daily\n") || h.Range != nil {
		t.Errorf("hover on the write's line = %+v", h)
	}
	// a table only read is not the project's to list; a blank line names none
	if h := hoverAt(t, c, uri, 0, 30); h != nil {
		t.Errorf("hover on a read-only table = %+v", h)
	}
	if h := hoverAt(t, c, uri, 1, 0); h != nil {
		t.Errorf("hover on a blank line = %+v", h)
	}
	// a document not open has no hover
	if h := hoverAt(t, c, fileURI(filepath.Join(dir, "other.py")), 0, 0); h != nil {
		t.Errorf("hover in a closed document = %+v", h)
	}
	if code := c.stop(); code != 0 {
		t.Errorf("exit code %d", code)
	}
}
