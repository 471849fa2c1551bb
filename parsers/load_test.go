package parsers

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/notebook"
)

func TestLoadFormats(t *testing.T) {
	tests := []struct {
		file    string
		format  document.Format
		eol     string
		regions int
		langs   string // languages of the regions, in order, first letters
	}{
		{"plain.py", document.PlainPython, "\n", 1, "p"},
		{"pasted_cells.py", document.PlainPython, "\n", 6, "pspspp"},
		{"plain_bom_crlf.sql", document.PlainSQL, "\r\n", 1, "s"},
		{"databricks_notebook.py", document.DatabricksPython, "\n", 5, "pspps"},
		{"databricks_crlf.py", document.DatabricksPython, "\r\n", 5, "pspps"},
		{"databricks_bom.py", document.DatabricksPython, "\n", 5, "pspps"},
		{"databricks_notebook.sql", document.DatabricksSQL, "\n", 3, "sps"},
		{"jupyter_pretty.ipynb", document.Jupyter, "\n", 5, "psssp"},
		{"jupyter_minified.ipynb", document.Jupyter, "\n", 3, "pss"},
		{"jupyter_sql.ipynb", document.Jupyter, "\n", 2, "sp"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			doc, err := Load(tt.file, src)
			if err != nil {
				t.Fatal(err)
			}
			if doc.Format != tt.format || doc.EOL != tt.eol || doc.Path != tt.file {
				t.Errorf("format %s, EOL %q, path %q", doc.Format, doc.EOL, doc.Path)
			}
			var langs strings.Builder
			for _, r := range doc.Regions {
				langs.WriteByte(r.Lang.String()[0])
			}
			if langs.String() != tt.langs {
				t.Errorf("region languages %s, want %s", langs.String(), tt.langs)
			}
			if err := notebook.Verify(doc); err != nil {
				t.Error(err)
			}
			if tt.format != document.Jupyter && !bytes.Equal(doc.Text, src) {
				t.Error("Text is not the file bytes")
			}
			for _, r := range doc.Regions {
				if bytes.Contains(r.Text, []byte("coalesce(1).write`")) {
					t.Errorf("markdown text in a region: %q", r.Text)
				}
			}
		})
	}
}

func TestLoadPlain(t *testing.T) {
	src := []byte("\xef\xbb\xbfSELECT 1;\r\n")
	doc, err := Load("q.SQL", src)
	if err != nil {
		t.Fatal(err)
	}
	r := doc.Regions[0]
	if string(r.Text) != "SELECT 1;\r\n" || r.Map.File(0) != 3 || r.Lang != document.SQL || r.Cell != 0 {
		t.Errorf("region %q at %d", r.Text, r.Map.File(0))
	}
	if doc.Render != nil || doc.Cells != nil {
		t.Error("a plain file has no cells and no renderer")
	}
	empty, err := Load("empty.py", nil)
	if err != nil || len(empty.Regions) != 1 || len(empty.Regions[0].Text) != 0 || empty.EOL != "\n" {
		t.Errorf("empty file: %+v %v", empty, err)
	}
	// the header must be the first line to make a notebook
	doc, _ = Load("x.py", []byte("x = 1\n# Databricks notebook source\n"))
	if doc.Format != document.PlainPython {
		t.Errorf("format %s", doc.Format)
	}
}

func TestLoadErrors(t *testing.T) {
	for path, want := range map[string]string{
		"a.scala":  `unsupported file type ".scala"`,
		"Makefile": `unsupported file type ""`,
		"b.ipynb":  "invalid JSON notebook",
	} {
		_, err := Load(path, []byte("{"))
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("Load(%q): %v, want %q", path, err, want)
		}
	}
	_, err := Load("old.ipynb", []byte(`{"nbformat":3,"nbformat_minor":0,"worksheets":[]}`))
	if err == nil || !strings.Contains(err.Error(), "nbformat 3") {
		t.Errorf("old notebook: %v", err)
	}
}

// bigPython is about 1 MB of PySpark.
func bigPython() []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, "df%d = spark.read.table(\"raw.t%d\")  # café\ndf%d.coalesce(1).write.saveAsTable(\"main.t%d\")\n", i, i, i, i)
	}
	return b.Bytes()
}

// bigDatabricks is about 1 MB of notebook, alternating Python and %sql cells.
func bigDatabricks() []byte {
	var b bytes.Buffer
	b.WriteString("# Databricks notebook source\n")
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, "df = spark.read.table(\"raw.t%d\")\ndf.write.saveAsTable(\"main.t%d\")\n\n# COMMAND ----------\n\n", i, i)
		fmt.Fprintf(&b, "# MAGIC %%sql\n# MAGIC OPTIMIZE main.t%d\n# MAGIC ZORDER BY (id)\n\n# COMMAND ----------\n\n", i)
	}
	return b.Bytes()
}

// bigJupyter is about 1 MB of notebook with code and markdown cells.
func bigJupyter() []byte {
	var b bytes.Buffer
	b.WriteString("{\n \"cells\": [\n")
	for i := 0; b.Len() < 1<<20; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "  {\n   \"cell_type\": \"code\",\n   \"execution_count\": null,\n   \"metadata\": {},\n   \"outputs\": [],\n   \"source\": [\n    \"%%pip install x\\n\",\n    \"df = spark.read.table(\\\"raw.t%d\\\")\\n\",\n    \"df.write.saveAsTable(\\\"main.t%d\\\")\"\n   ]\n  },\n", i, i)
		b.WriteString("  {\n   \"cell_type\": \"markdown\",\n   \"metadata\": {},\n   \"source\": \"Notes: caf\\u00e9\"\n  }")
	}
	b.WriteString("\n ],\n \"metadata\": {},\n \"nbformat\": 4,\n \"nbformat_minor\": 5\n}\n")
	return b.Bytes()
}

func TestLoadPlainAllocations(t *testing.T) {
	src := bigPython()
	allocs := testing.AllocsPerRun(10, func() {
		if _, err := Load("big.py", src); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 4 {
		t.Errorf("loading 1 MB of Python makes %v allocations", allocs)
	}
}

func TestLoadBigNotebooks(t *testing.T) {
	doc, err := Load("big.py", bigDatabricks())
	if err != nil {
		t.Fatal(err)
	}
	if err := notebook.Verify(doc); err != nil {
		t.Fatal(err)
	}
	doc, err = Load("big.ipynb", bigJupyter())
	if err != nil {
		t.Fatal(err)
	}
	if err := notebook.Verify(doc); err != nil {
		t.Fatal(err)
	}
	out, err := doc.Render(doc.Text)
	if err != nil || !bytes.Equal(out, bigJupyter()) {
		t.Fatalf("no-op render of a big notebook: %v", err)
	}
	edited := bytes.Replace(doc.Text, []byte("raw.t7\")"), []byte("raw.t7\").repartition(1)"), 1)
	if _, err := doc.Render(edited); err != nil {
		t.Fatal(err)
	}
}

func benchmarkLoad(b *testing.B, path string, src []byte) {
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Load(path, src); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLoadPlainPython(b *testing.B) { benchmarkLoad(b, "big.py", bigPython()) }
func BenchmarkLoadDatabricks(b *testing.B)  { benchmarkLoad(b, "big.py", bigDatabricks()) }
func BenchmarkLoadJupyter(b *testing.B)     { benchmarkLoad(b, "big.ipynb", bigJupyter()) }

func BenchmarkRenderJupyterEdit(b *testing.B) {
	doc, err := Load("big.ipynb", bigJupyter())
	if err != nil {
		b.Fatal(err)
	}
	edited := bytes.Replace(doc.Text, []byte("raw.t7\")"), []byte("raw.t7\").repartition(1)"), 1)
	b.SetBytes(int64(len(doc.Text)))
	for b.Loop() {
		if _, err := doc.Render(edited); err != nil {
			b.Fatal(err)
		}
	}
}

func TestRenderRewrittenNotebookFailsFast(t *testing.T) {
	doc, err := Load("big.ipynb", bigJupyter())
	if err != nil {
		t.Fatal(err)
	}
	other := bytes.ReplaceAll(doc.Text, []byte("df"), []byte("frame"))
	start := time.Now()
	if _, err := doc.Render(other); err == nil {
		t.Error("a text with every line changed was rendered")
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v", d)
	}
}

func TestLoneCRsReadAsLineEndings(t *testing.T) {
	for _, tc := range []struct {
		src, text, eol string
		render         bool
	}{
		{"a = 1\rb = 2\r", "a = 1\nb = 2\n", "\r", true},
		{"a = 1\r\nb = 2\r\n", "a = 1\r\nb = 2\r\n", "\r\n", false}, // CRLF is left alone
		{"a = 1\rb = 2\n", "a = 1\nb = 2\n", "\n", false},           // mixed: fixes write LF
		{"a = 1\nb = 2\n", "a = 1\nb = 2\n", "\n", false},
	} {
		doc, err := Load("job.py", []byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		if string(doc.Text) != tc.text || doc.EOL != tc.eol || (doc.Render != nil) != tc.render {
			t.Errorf("%q: text %q, EOL %q, render %t; want %q, %q, %t", tc.src, doc.Text, doc.EOL, doc.Render != nil, tc.text, tc.eol, tc.render)
		}
		if doc.Render != nil {
			back, _ := doc.Render(append(doc.Text, "c = 3\n"...))
			if string(back) != tc.src+"c = 3\r" {
				t.Errorf("%q rendered back as %q", tc.src, back)
			}
		}
	}
}
