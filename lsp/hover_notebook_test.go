package lsp

import (
	"path/filepath"
	"strings"
	"testing"
)

// hoverWrites checks that a hover on each of the lines names the table and
// that a hover on each of the others shows nothing.
func hoverWrites(t *testing.T, c *testClient, uri string, table string, on, off []int) {
	t.Helper()
	for _, line := range on {
		if h := hoverAt(t, c, uri, line, 0); h == nil || !strings.HasPrefix(h.Contents.Value, "```text\n"+table+"\n") || h.Range != nil {
			t.Errorf("%s line %d: hover = %+v, want %s's ledger block", uri, line, h, table)
		}
	}
	for _, line := range off {
		if h := hoverAt(t, c, uri, line, 0); h != nil {
			t.Errorf("%s line %d: hover = %+v, want none", uri, line, h)
		}
	}
}

// In a notebook open as a notebook, a hover on a write's line in its cell
// shows the ledger block, in a Python cell and in a SQL cell (whose
// written-out text gains a %%sql line); a line of the same number in
// another cell does not. A Databricks source notebook open as a notebook
// is read as one.
func TestHoverOnNotebookCells(t *testing.T) {
	for _, name := range []string{"explore.ipynb", "nightly.py"} {
		t.Run(name, func(t *testing.T) {
			dir := project(t, "default-format: delta\n")
			path := filepath.Join(dir, name)
			nb := fileURI(path)
			cellURI := func(n string) string { return "vscode-notebook-cell:" + filepath.ToSlash(path) + "#" + n }
			cells := []testCell{
				{uri: cellURI("md"), lang: "markdown", text: "# Daily copy\n\nwritten below\n", markup: true},
				{uri: cellURI("py"), lang: "python", text: "events = spark.read.table(\"main.raw.events\")\n\n" +
					"events.coalesce(1).write.mode(\"append\").saveAsTable(\"main.web.daily\")\n"},
				{uri: cellURI("sql"), lang: "sql", text: "-- and once more\nINSERT INTO main.web.copy SELECT * FROM main.raw.events"},
			}
			c := newClient(t, Options{})
			c.initialize()
			openNotebook(c, nb, cells)
			c.diagnostics(cellURI("py"), 1) // linted

			hoverWrites(t, c, cellURI("py"), "main.web.daily", []int{2}, []int{1, 3})
			hoverWrites(t, c, cellURI("sql"), "main.web.copy", []int{1}, []int{0})
			hoverWrites(t, c, cellURI("md"), "", nil, []int{0, 1, 2})
			if code := c.stop(); code != 0 {
				t.Errorf("exit code %d", code)
			}
		})
	}
}

// An .ipynb open as text: a hover on the JSON line that holds a write's
// source line shows the ledger block; on a markdown cell's line or the
// JSON around, nothing.
func TestHoverOnNotebookAsText(t *testing.T) {
	dir := project(t, "default-format: delta\n")
	path := filepath.Join(dir, "explore.ipynb")
	uri := fileURI(path)
	nb := `{"cells": [
 {"cell_type": "markdown", "metadata": {}, "source": ["# Daily copy"]},
 {"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [],
  "source": [
   "events = spark.read.table(\"main.raw.events\")\n",
   "events.coalesce(1).write.mode(\"append\").saveAsTable(\"main.web.daily\")\n",
   "x = 1"
  ]}
 ], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`
	c := newClient(t, Options{})
	c.initialize()
	c.open(uri, "jupyter", nb)
	c.diagnostics(uri, 1)
	hoverWrites(t, c, uri, "main.web.daily", []int{5}, []int{0, 1, 4, 6, 8})
	// anywhere on the line, the name itself included
	if h := hoverAt(t, c, uri, 5, 10); h == nil || !strings.HasPrefix(h.Contents.Value, "```text\nmain.web.daily\n") {
		t.Errorf("hover inside the write's line = %+v", h)
	}
	if code := c.stop(); code != 0 {
		t.Errorf("exit code %d", code)
	}
}

// A Databricks source notebook open as text: its places are the file's
// lines, across cell markers and MAGIC lines.
func TestHoverOnDatabricksSourceNotebook(t *testing.T) {
	dir := project(t, "default-format: delta\n")
	uri := fileURI(filepath.Join(dir, "nightly.py"))
	text := "# Databricks notebook source\nevents = spark.read.table(\"main.raw.events\")\n\n# COMMAND ----------\n\n" +
		"# MAGIC %sql\n# MAGIC INSERT INTO main.web.copy SELECT * FROM main.raw.events\n\n# COMMAND ----------\n\n" +
		"events.coalesce(1).write.mode(\"append\").saveAsTable(\"main.web.daily\")\n"
	c := newClient(t, Options{})
	c.initialize()
	c.open(uri, "python", text)
	c.diagnostics(uri, 1)
	hoverWrites(t, c, uri, "main.web.copy", []int{6}, []int{5, 7})
	hoverWrites(t, c, uri, "main.web.daily", []int{10}, []int{9})
	if code := c.stop(); code != 0 {
		t.Errorf("exit code %d", code)
	}
}
