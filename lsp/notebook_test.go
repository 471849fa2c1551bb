package lsp

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/output"
	"github.com/lakelint/lakelint/parsers"
)

// notebook cells as a client sends them
type testCell struct {
	uri, lang, text string
	markup          bool
}

func (c testCell) cell() map[string]any {
	kind := 2
	if c.markup {
		kind = 1
	}
	return map[string]any{"kind": kind, "document": c.uri}
}

func (c testCell) item(version int) map[string]any {
	return map[string]any{"uri": c.uri, "languageId": c.lang, "version": version, "text": c.text}
}

func openNotebook(c *testClient, uri string, cells []testCell) {
	c.t.Helper()
	var nbCells, items []map[string]any
	for _, x := range cells {
		nbCells = append(nbCells, x.cell())
		items = append(items, x.item(1))
	}
	c.notify("notebookDocument/didOpen", map[string]any{
		"notebookDocument": map[string]any{"uri": uri, "notebookType": "jupyter-notebook", "version": 1, "cells": nbCells,
			"metadata": map[string]any{"metadata": map[string]any{"kernelspec": map[string]any{"name": "python3"}}}},
		"cellTextDocuments": items,
	})
}

func codes(diags []output.LSPDiagnostic) []string {
	var out []string
	for _, d := range diags {
		out = append(out, d.Code)
	}
	return out
}

// A notebook synced as a notebook document is linted as its .ipynb file
// would be: markdown is not code, %pip is not Python, a %sql line and a
// cell in SQL are SQL. Each cell gets its diagnostics in its own lines.
func TestNotebookDocument(t *testing.T) {
	dir := project(t, "")
	nb := fileURI(filepath.Join(dir, "explore.ipynb"))
	cellURI := func(n string) string {
		return "vscode-notebook-cell:" + filepath.ToSlash(filepath.Join(dir, "explore.ipynb")) + "#" + n
	}
	cells := []testCell{
		{uri: cellURI("md"), lang: "markdown", text: "# Notes\nspark.conf.set(\"spark.sql.adaptive.enabled\", \"false\")\n", markup: true},
		{uri: cellURI("py"), lang: "python", text: "%pip install delta-spark\nfrom delta.tables import DeltaTable\n" + adaptiveLine + "\n" + vacuumLine},
		{uri: cellURI("sql"), lang: "sql", text: "-- maintenance\nVACUUM main.s.t RETAIN 1 HOURS"},
		{uri: cellURI("magic"), lang: "python", text: "%sql VACUUM main.s.u RETAIN 2 HOURS\n"},
		{uri: cellURI("sh"), lang: "python", text: "%sh\nspark.conf.set(\"spark.sql.adaptive.enabled\", \"false\")\n"},
	}
	c := newClient(t, Options{})
	c.initialize()
	openNotebook(c, nb, cells)

	if d := c.diagnostics(cellURI("md"), 1); len(d) != 0 {
		t.Errorf("markdown cell: %+v", d)
	}
	if d := c.diagnostics(cellURI("sh"), 1); len(d) != 0 {
		t.Errorf("%%sh cell: %+v", d)
	}
	py := c.diagnostics(cellURI("py"), 1)
	if got := codes(py); strings.Join(got, ",") != "LL501,LL401" {
		t.Fatalf("python cell: %v", got)
	}
	if py[0].Range != rng(2, 11, 2, 53) || py[1].Range != rng(3, 38, 3, 39) || py[1].Data.Cell != 2 || py[1].Data.FileRange != nil {
		t.Errorf("python cell positions: %+v / %+v", py[0], py[1])
	}
	sql := c.diagnostics(cellURI("sql"), 1)
	if len(sql) != 1 || sql[0].Code != "LL401" || sql[0].Range.Start.Line != 1 || sql[0].Range.Start.Character != strings.Index("VACUUM main.s.t RETAIN 1 HOURS", "1") {
		t.Errorf("SQL cell: %+v", sql)
	}
	magic := c.diagnostics(cellURI("magic"), 1)
	if len(magic) != 1 || magic[0].Code != "LL401" || magic[0].Range.Start.Line != 0 || magic[0].Range.Start.Character != strings.Index(cells[3].text, "2") {
		t.Errorf("%%sql cell: %+v", magic)
	}

	// the quick fix edits the cell
	acts := codeActions(t, c, cellURI("py"), py[1:])
	if len(acts) != 1 {
		t.Fatalf("actions: %+v", acts)
	}
	if fixed := apply(t, cells[1].text, cellURI("py"), acts[0]); !strings.HasSuffix(fixed, ".vacuum(168)") {
		t.Errorf("fixed cell:\n%s", fixed)
	}
	if acts := codeActions(t, c, cellURI("sql"), sql); len(acts) != 1 || apply(t, cells[2].text, cellURI("sql"), acts[0]) != "-- maintenance\nVACUUM main.s.t RETAIN 168 HOURS" {
		t.Errorf("SQL cell actions: %+v", acts)
	}

	// a cell inserted at the top, one removed, one edited
	inserted := testCell{uri: cellURI("new"), lang: "python", text: "x = 1\n"}
	c.notify("notebookDocument/didChange", map[string]any{
		"notebookDocument": map[string]any{"uri": nb, "version": 2},
		"change": map[string]any{"cells": map[string]any{
			"structure": map[string]any{
				"array":    map[string]any{"start": 0, "deleteCount": 1, "cells": []any{inserted.cell()}},
				"didOpen":  []any{inserted.item(1)},
				"didClose": []any{map[string]any{"uri": cellURI("md")}},
			},
			"textContent": []any{map[string]any{
				"document": map[string]any{"uri": cellURI("py"), "version": 2},
				"changes":  []any{map[string]any{"range": rng(3, 38, 3, 39), "text": "168"}},
			}},
		}},
	})
	if d := c.diagnostics(cellURI("md"), -1); len(d) != 0 {
		t.Errorf("removed cell: %+v", d)
	}
	if d := c.diagnostics(cellURI("py"), 2); strings.Join(codes(d), ",") != "LL501" || d[0].Range != rng(2, 11, 2, 53) || d[0].Data.Cell != 2 {
		t.Errorf("edited cell: %+v", d)
	}
	if d := c.diagnostics(cellURI("new"), 1); len(d) != 0 {
		t.Errorf("new cell: %+v", d)
	}
	// cells moved by a structure change keep their text
	c.notify("notebookDocument/didChange", map[string]any{
		"notebookDocument": map[string]any{"uri": nb, "version": 3},
		"change": map[string]any{"cells": map[string]any{
			"structure": map[string]any{"array": map[string]any{"start": 0, "deleteCount": 3,
				"cells": []any{cells[2].cell(), inserted.cell(), cells[1].cell()}}},
		}},
	})
	if d := c.diagnostics(cellURI("sql"), 1); len(d) != 1 || d[0].Data.Cell != 1 || d[0].Range.Start.Line != 1 {
		t.Errorf("moved SQL cell: %+v", d)
	}
	if d := c.diagnostics(cellURI("py"), 2); len(d) != 1 || d[0].Data.Cell != 3 || d[0].Range != rng(2, 11, 2, 53) {
		t.Errorf("moved Python cell: %+v", d)
	}

	c.notify("notebookDocument/didClose", map[string]any{"notebookDocument": map[string]any{"uri": nb}, "cellTextDocuments": []any{}})
	for _, u := range []string{cellURI("py"), cellURI("sql"), cellURI("magic")} {
		if d := c.diagnostics(u, -1); len(d) != 0 {
			t.Errorf("closed notebook, %s: %+v", u, d)
		}
	}
	if acts := codeActions(t, c, cellURI("magic"), magic); len(acts) != 0 {
		t.Errorf("actions after close: %+v", acts)
	}
	if code := c.stop(); code != 0 {
		t.Errorf("exit code %d", code)
	}
}

// An .ipynb file open as text gets positions in its JSON lines, and quick
// fixes that edit the JSON so that it stays a notebook.
func TestNotebookAsText(t *testing.T) {
	dir := project(t, "")
	path := filepath.Join(dir, "explore.ipynb")
	uri := fileURI(path)
	nb := `{"cells": [
 {"cell_type": "markdown", "metadata": {}, "source": ["# Notes"]},
 {"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [],
  "source": ["x = \"café\"\n", "spark.conf.set(\"spark.sql.adaptive.enabled\", \"false\")\n", "DeltaTable.forName(spark, \"t\").vacuum(1)"]}
 ], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`
	lines := strings.Split(nb, "\n")
	c := newClient(t, Options{})
	c.initialize()
	c.open(uri, "jupyter", nb)
	diags := c.diagnostics(uri, 1)
	if len(diags) != 2 {
		t.Fatalf("diagnostics = %+v", diags)
	}
	// the JSON's columns, escapes included, in UTF-16 units
	set := utf16Len(lines[3][:strings.Index(lines[3], `set(\"spark`)])
	if d := diags[0]; d.Code != "LL501" || d.Data.Cell != 2 || d.Range.Start != (output.LSPPosition{Line: 3, Character: set}) {
		t.Errorf("LL501 = %+v, want line 3 character %d", d.Range, set)
	}
	one := utf16Len(lines[3][:strings.Index(lines[3], "vacuum(1)")+len("vacuum(")])
	if d := diags[1]; d.Code != "LL401" || d.Range != rng(3, one, 3, one+1) {
		t.Errorf("LL401 = %+v, want line 3 characters %d-%d", d.Range, one, one+1)
	}
	acts := codeActions(t, c, uri, diags[1:])
	if len(acts) != 1 {
		t.Fatalf("actions: %+v", acts)
	}
	fixed := apply(t, nb, uri, acts[0])
	if !json.Valid([]byte(fixed)) {
		t.Fatalf("the fix broke the JSON:\n%s", fixed)
	}
	doc, err := parsers.Load(path, []byte(fixed))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc.Text), "x = \"café\"\n") || !strings.Contains(string(doc.Text), ".vacuum(168)") {
		t.Errorf("fixed notebook's code:\n%s", doc.Text)
	}
	if strings.Replace(nb, "vacuum(1)", "vacuum(168)", 1) != fixed {
		t.Errorf("the fix changed more than the number:\n%s", fixed)
	}
}

func TestSmallestEdit(t *testing.T) {
	for _, tc := range []struct{ old, new, want string }{
		{"abc", "abc", "0:3-0:3 \"\""},
		{"a(1)b", "a(168)b", "0:3-0:3 \"68\""},
		{"x\r\ny", "x\r\nzy", "1:0-1:0 \"z\""},
		{"x\r\ny", "x\ny", "0:1-1:0 \"\\n\""},
		{"é", "è", "0:0-0:1 \"è\""}, // one byte differs, the whole character is replaced
		{"🙂a", "🙂b", "0:2-0:3 \"b\""},
	} {
		e := smallestEdit(tc.old, tc.new)
		got := strings.TrimSpace(strings.Join([]string{
			itoa(e.Range.Start.Line) + ":" + itoa(e.Range.Start.Character) + "-" + itoa(e.Range.End.Line) + ":" + itoa(e.Range.End.Character),
			quote(e.NewText)}, " "))
		if got != tc.want {
			t.Errorf("smallestEdit(%q, %q) = %s, want %s", tc.old, tc.new, got, tc.want)
		}
		if applied := applyChange(tc.old, contentChange{Range: &e.Range, Text: e.NewText}); applied != tc.new {
			t.Errorf("applying %s to %q gives %q", got, tc.old, applied)
		}
	}
}

func quote(s string) string { b, _ := json.Marshal(s); return string(b) }

// A Databricks source notebook is a text document: its diagnostics are in
// the file's own lines, across its cell markers and MAGIC lines.
func TestDatabricksSourceNotebook(t *testing.T) {
	dir := project(t, "")
	uri := fileURI(filepath.Join(dir, "nightly.py"))
	text := "# Databricks notebook source\nx = 1\n\n# COMMAND ----------\n\n# MAGIC %sql\n# MAGIC VACUUM main.s.t RETAIN 1 HOURS\n\n# COMMAND ----------\n\n" + adaptiveLine + "\n"
	c := newClient(t, Options{})
	c.initialize()
	c.open(uri, "python", text)
	diags := c.diagnostics(uri, 1)
	if strings.Join(codes(diags), ",") != "LL401,LL501" {
		t.Fatalf("diagnostics: %+v", diags)
	}
	if r := diags[0].Range; r.Start.Line != 6 || r.Start.Character != strings.Index("# MAGIC VACUUM main.s.t RETAIN 1 HOURS", "1") {
		t.Errorf("LL401 at %+v", r)
	}
	if r := diags[1].Range; r != rng(10, 11, 10, 53) {
		t.Errorf("LL501 at %+v", r)
	}
	acts := codeActions(t, c, uri, diags[:1])
	if len(acts) != 1 || !strings.Contains(apply(t, text, uri, acts[0]), "# MAGIC VACUUM main.s.t RETAIN 168 HOURS\n") {
		t.Errorf("actions: %+v", acts)
	}
}
