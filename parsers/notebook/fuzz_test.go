package notebook

import (
	"bytes"
	"testing"

	"github.com/lakelint/lakelint/parsers/document"
)

// checkDocument checks what every document must satisfy whatever the input.
func checkDocument(t *testing.T, doc *document.Document) {
	t.Helper()
	if err := Verify(doc); err != nil {
		t.Fatal(err)
	}
	for i, r := range doc.Regions {
		if len(r.Text) == 0 {
			t.Fatalf("region %d is empty", i)
		}
		start, end := r.Span()
		if start < 0 || end > len(doc.Text) || start > end {
			t.Fatalf("region %d spans [%d,%d) of %d bytes", i, start, end, len(doc.Text))
		}
	}
	last := 0
	for _, c := range doc.Cells {
		if c.Start < last || c.End < c.Start || c.End > len(doc.Text) {
			t.Fatalf("cells out of order: %+v", doc.Cells)
		}
		last = c.End
	}
}

func FuzzDatabricks(f *testing.F) {
	for _, name := range []string{"databricks_notebook.py", "databricks_crlf.py", "databricks_bom.py", "databricks_notebook.sql"} {
		f.Add(readFixture(f, name))
	}
	f.Add([]byte("# Databricks notebook source\n# MAGIC %sql"))
	f.Add([]byte("# Databricks notebook source\n# MAGIC %python x\n# MAGIC\n\n# COMMAND ----------\r\n# MAGIC"))
	f.Add([]byte("# Databricks notebook source\n# DBTITLE 1,t\n# MAGIC %sql\n# MAGIC SELECT 1\n"))
	f.Add([]byte("# Databricks notebook source\n# DBTITLE 1,t\n  %sql\n  SELECT 1\n \n\n# COMMAND ----------\n %python\n x\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, doc := range []*document.Document{DatabricksPython("f.py", src), DatabricksSQL("f.sql", src)} {
			checkDocument(t, doc)
			if !bytes.Equal(doc.Text, src) {
				t.Fatal("text is not the file")
			}
		}
	})
}

func FuzzJupyter(f *testing.F) {
	for _, name := range []string{"jupyter_pretty.ipynb", "jupyter_minified.ipynb", "jupyter_sql.ipynb"} {
		f.Add(readFixture(f, name), 10, "x")
	}
	f.Add(notebook(`{"cell_type":"code","source":["%%sql\n","SELECT 1"]},{"cell_type":"code","source":""}`), 3, "\n")
	f.Add(notebook(`{"cell_type":"code","source":"a = '''\n%b\n'''\n!c"}`), 0, "y\n")
	f.Fuzz(func(t *testing.T, src []byte, at int, insert string) {
		doc, err := Jupyter("f.ipynb", src)
		if err != nil {
			if bytes.IndexByte([]byte(err.Error()), '\n') >= 0 {
				t.Fatalf("error on several lines: %q", err)
			}
			return
		}
		checkDocument(t, doc)
		out, err := doc.Render(doc.Text)
		if err != nil || !bytes.Equal(out, src) {
			t.Fatalf("no-op render changed the file (%v)", err)
		}
		// an insertion somewhere in the text, kept inside the cells
		if len(doc.Text) == 0 {
			return
		}
		at = int(uint(at) % uint(len(doc.Text)))
		edited := append(append(append([]byte(nil), doc.Text[:at]...), insert...), doc.Text[at:]...)
		out, err = doc.Render(edited)
		if err != nil {
			return
		}
		again, err := Jupyter("f.ipynb", out)
		if err != nil {
			t.Fatalf("rendered notebook does not load: %v", err)
		}
		if !bytes.Equal(again.Text, edited) && isUTF8Safe(edited) {
			t.Fatalf("reloaded text %q, want %q", again.Text, edited)
		}
	})
}

// isUTF8Safe reports whether text survives a write and read unchanged: JSON
// strings cannot carry invalid UTF-8, which rendering turns into U+FFFD.
func isUTF8Safe(text []byte) bool {
	return bytes.Equal(bytes.ToValidUTF8(text, []byte("\uFFFD")), text)
}
