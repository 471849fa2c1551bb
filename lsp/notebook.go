package lsp

import (
	"encoding/json"
	"slices"
	"strings"
)

// A notebook the client syncs as a notebook document (LSP 3.17) is linted
// as `lakelint check` lints its .ipynb file: its cells, in order, are
// written out as one and read by the notebook parser, so magics (%sql,
// %pip, %sh, %%sql) mean what they mean there. Diagnostics are published
// for each cell's own URI, in its own lines.

// cell is one cell of an open notebook.
type cell struct {
	uri     string
	code    bool
	lang    string // the cell document's language identifier
	version int
	text    string
}

func newCell(nc notebookCell, item textDocumentItem) cell {
	return cell{uri: nc.Document, code: nc.Kind == cellKindCode, lang: item.LanguageID, version: item.Version, text: item.Text}
}

// openNotebook starts tracking a notebook and its cells.
func (ds *documents) openNotebook(uri, path string, version int, kernel string, cells []notebookCell, items []textDocumentItem) bool {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if old := ds.notebooks[uri]; old != nil {
		ds.forgetCells(old.cells)
	}
	d := &document{uri: uri, path: path, version: version, notebook: true, kernel: kernel}
	byURI := itemsByURI(items)
	d.cells = make([]cell, 0, len(cells))
	for _, nc := range cells {
		d.cells = append(d.cells, newCell(nc, byURI[nc.Document]))
		ds.cellOf[nc.Document] = d
	}
	ds.notebooks[uri] = d
	start := ds.changed()
	d.gen = ds.gen
	return start
}

// changeNotebook applies a notebook change: cells inserted, removed or
// moved, cell kinds, cell text. It returns the URIs of the cells that left
// (their diagnostics must be cleared), whether to start the lint goroutine,
// and false when the notebook is not open.
func (ds *documents) changeNotebook(uri string, version int, ch notebookChange) (cleared []string, start, ok bool) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	d, ok := ds.notebooks[uri]
	if !ok {
		return nil, false, false
	}
	if len(ch.Metadata) > 0 && string(ch.Metadata) != "null" {
		d.kernel = kernelName(ch.Metadata)
	}
	cells := slices.Clone(d.cells)
	if cc := ch.Cells; cc != nil {
		if st := cc.Structure; st != nil {
			a := st.Array
			from := max(0, min(a.Start, len(cells)))
			to := max(from, min(from+a.DeleteCount, len(cells)))
			removed := map[string]cell{}
			for _, c := range cells[from:to] {
				removed[c.uri] = c
			}
			opened := itemsByURI(st.DidOpen)
			inserted := make([]cell, 0, len(a.Cells))
			for _, nc := range a.Cells {
				c, moved := removed[nc.Document]
				if item, ok := opened[nc.Document]; ok || !moved {
					c = newCell(nc, item)
				}
				c.code = nc.Kind == cellKindCode
				delete(removed, nc.Document)
				inserted = append(inserted, c)
				ds.cellOf[nc.Document] = d
			}
			cells = slices.Concat(cells[:from], inserted, cells[to:])
			for _, c := range removed {
				delete(ds.cellOf, c.uri)
				cleared = append(cleared, c.uri)
			}
			slices.Sort(cleared)
		}
		for _, nc := range cc.Data {
			if i := cellIndex(cells, nc.Document); i >= 0 {
				cells[i].code = nc.Kind == cellKindCode
			}
		}
		for _, tc := range cc.TextContent {
			if i := cellIndex(cells, tc.Document.URI); i >= 0 {
				for _, c := range tc.Changes {
					cells[i].text = applyChange(cells[i].text, c)
				}
				cells[i].version = tc.Document.Version
			}
		}
	}
	d.cells, d.version = cells, version
	start = ds.changed()
	d.gen = ds.gen
	return cleared, start, true
}

// closeNotebook forgets a notebook; its cells' diagnostics are to be cleared.
func (ds *documents) closeNotebook(uri string) (cleared []string, start bool) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	d, ok := ds.notebooks[uri]
	if !ok {
		return nil, false
	}
	delete(ds.notebooks, uri)
	ds.forgetCells(d.cells)
	for _, c := range d.cells {
		cleared = append(cleared, c.uri)
	}
	return cleared, ds.changed()
}

// forgetCells drops the cells of a notebook from cellOf. ds.mu is held.
func (ds *documents) forgetCells(cells []cell) {
	for _, c := range cells {
		delete(ds.cellOf, c.uri)
	}
}

func itemsByURI(items []textDocumentItem) map[string]textDocumentItem {
	m := make(map[string]textDocumentItem, len(items))
	for _, it := range items {
		m[it.URI] = it
	}
	return m
}

func cellIndex(cells []cell, uri string) int {
	return slices.IndexFunc(cells, func(c cell) bool { return c.uri == uri })
}

// notebookFile writes cells out as an .ipynb file. A code cell in SQL gets
// the %%sql line a Python notebook would need, and shift says how many
// lines each cell gained that way; a code cell in a language lakelint does
// not read becomes a raw cell, as do cells of no kind it knows.
func notebookFile(cells []cell, kernel string) (data []byte, shift []int) {
	type nbCell struct {
		Type     string   `json:"cell_type"`
		Metadata struct{} `json:"metadata"`
		Source   string   `json:"source"`
	}
	out := struct {
		Cells    []nbCell `json:"cells"`
		Metadata struct {
			Kernelspec struct {
				Name     string `json:"name"`
				Language string `json:"language"`
			} `json:"kernelspec"`
		} `json:"metadata"`
		NBFormat      int `json:"nbformat"`
		NBFormatMinor int `json:"nbformat_minor"`
	}{Cells: make([]nbCell, len(cells)), NBFormat: 4, NBFormatMinor: 5}
	out.Metadata.Kernelspec.Name = kernel
	out.Metadata.Kernelspec.Language = "python"
	shift = make([]int, len(cells))
	for i, c := range cells {
		nc := nbCell{Type: "markdown", Source: c.text}
		if c.code {
			switch cellLanguage(c.lang) {
			case "python":
				nc.Type = "code"
			case "sql":
				nc.Type = "code"
				if sqlMagicAdded(c) {
					nc.Source, shift[i] = "%%sql\n"+c.text, 1
				}
			default:
				nc.Type = "raw"
			}
		}
		out.Cells[i] = nc
	}
	data, _ = json.Marshal(out) // strings and ints: cannot fail
	return data, shift
}

// cellLanguage is what a cell's language identifier is read as: "python",
// "sql", or "" for languages lakelint does not read.
func cellLanguage(id string) string {
	switch strings.ToLower(id) {
	case "python", "ipython", "pyspark", "":
		return "python"
	case "sql", "sparksql", "spark-sql", "databricks-sql", "jupysql":
		return "sql"
	}
	return ""
}

// sqlMagicAdded reports whether a cell written out gains a %%sql line: a
// code cell in SQL that has no magic of its own.
func sqlMagicAdded(c cell) bool {
	return c.code && cellLanguage(c.lang) == "sql" && !startsWithSQLMagic(c.text)
}

// startsWithSQLMagic reports whether a cell's first line is a %%sql or
// %sql magic already.
func startsWithSQLMagic(text string) bool {
	first, _, _ := strings.Cut(strings.TrimLeft(text, " \t\r\n"), "\n")
	word, _, _ := strings.Cut(strings.TrimSpace(first), " ")
	return word == "%%sql" || word == "%sql"
}

// kernelName finds the kernel's name in a notebook's metadata, where
// clients put the .ipynb file's metadata: at the top, or under "metadata"
// or "custom" (VS Code's Jupyter notebooks).
func kernelName(metadata json.RawMessage) string {
	var m map[string]any
	if json.Unmarshal(metadata, &m) != nil {
		return ""
	}
	for _, path := range [][]string{{"kernelspec"}, {"metadata", "kernelspec"}, {"custom", "metadata", "kernelspec"}} {
		v := any(m)
		for _, k := range path {
			obj, _ := v.(map[string]any)
			v = obj[k]
		}
		if spec, ok := v.(map[string]any); ok {
			if name, ok := spec["name"].(string); ok && name != "" {
				return name
			}
		}
	}
	return ""
}
