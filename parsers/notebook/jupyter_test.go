package notebook

import (
	"strings"
	"testing"

	"github.com/lakelint/lakelint/parsers/document"
)

const prettyCell2 = "%pip install delta-spark\n" +
	"# café — 日本\n" +
	"df = spark.read.table(\"raw.sales\")\n" +
	"!ls /dbfs/tmp\n" +
	"rows = %sql SELECT count(*) FROM raw.sales\n" +
	"    %sql OPTIMIZE main.sales ZORDER BY (day)\n" +
	"query = \"\"\"\n" +
	"%s is not a magic inside a string\n" +
	"\"\"\"\n" +
	"df.coalesce(1).write.saveAsTable(\"main.sales\")\n"

const prettyCell3 = "%%sql\nALTER TABLE main.sales SET TBLPROPERTIES (delta.autoOptimize.optimizeWrite = true)\n"
const prettyCell4 = "%%capture\nimport os\nprint(\"tab\\there\")\n"

func TestJupyterPretty(t *testing.T) {
	doc, err := Jupyter("nb.ipynb", readFixture(t, "jupyter_pretty.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	text := prettyCell2 + prettyCell3 + prettyCell4 + "%%bash\nls -la\n" + "\n"
	if string(doc.Text) != text {
		t.Fatalf("text:\n%q\nwant\n%q", doc.Text, text)
	}
	if doc.Format != document.Jupyter || doc.EOL != "\n" || doc.Render == nil {
		t.Fatalf("format %s EOL %q", doc.Format, doc.EOL)
	}
	c2, c3, c4 := len(prettyCell2), len(prettyCell2)+len(prettyCell3), len(text)-len("%%bash\nls -la\n\n")
	wantCells := []document.Cell{
		{Index: 1, Start: 0, End: 0},
		{Index: 2, Start: 0, End: c2, Code: true},
		{Index: 3, Start: c2, End: c3, Code: true},
		{Index: 4, Start: c3, End: c4, Code: true},
		{Index: 5, Start: c4, End: c4},
		{Index: 6, Start: c4, End: len(text) - 1, Code: true},
		{Index: 7, Start: len(text) - 1, End: len(text), Code: true},
	}
	if len(doc.Cells) != len(wantCells) {
		t.Fatalf("cells %+v", doc.Cells)
	}
	for i, c := range wantCells {
		if doc.Cells[i] != c {
			t.Errorf("cell %d = %+v, want %+v", i, doc.Cells[i], c)
		}
	}
	blank := func(s string) string { return strings.Repeat(" ", len(s)) }
	checkRegions(t, doc, []wantRegion{
		{document.Python, 2, blank("%pip install delta-spark") + "\n" +
			"# café — 日本\n" +
			"df = spark.read.table(\"raw.sales\")\n" +
			blank("!ls /dbfs/tmp") + "\n" +
			blank("rows = %sql SELECT count(*) FROM raw.sales") + "\n" +
			blank("    %sql OPTIMIZE main.sales ZORDER BY (day)") + "\n" +
			"query = \"\"\"\n" +
			"%s is not a magic inside a string\n" +
			"\"\"\"\n" +
			"df.coalesce(1).write.saveAsTable(\"main.sales\")\n", ""},
		{document.SQL, 2, "SELECT count(*) FROM raw.sales", ""},
		{document.SQL, 2, "OPTIMIZE main.sales ZORDER BY (day)", ""},
		{document.SQL, 3, "ALTER TABLE main.sales SET TBLPROPERTIES (delta.autoOptimize.optimizeWrite = true)\n", ""},
		{document.Python, 4, blank("%%capture") + "\nimport os\nprint(\"tab\\there\")\n", ""},
	})
	checkNotes(t, doc, "cell 6: %%bash skipped")
	if c := doc.CellAt(c2); c == nil || c.Index != 3 {
		t.Errorf("CellAt(%d) = %+v", c2, c)
	}
}

func TestJupyterMinified(t *testing.T) {
	doc, err := Jupyter("nb.ipynb", readFixture(t, "jupyter_minified.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	cell2 := "# café — 日本\n%sql DELETE FROM main.sales WHERE day < '2020-01-01'\ndf.write.partitionBy(\"id\").saveAsTable(\"main.sales\")\n"
	if want := cell2 + "%%sql\nVACUUM main.sales RETAIN 24 HOURS\n"; string(doc.Text) != want {
		t.Fatalf("text %q", doc.Text)
	}
	checkRegions(t, doc, []wantRegion{
		{document.Python, 2, "# café — 日本\n" + strings.Repeat(" ", len("%sql DELETE FROM main.sales WHERE day < '2020-01-01'")) + "\ndf.write.partitionBy(\"id\").saveAsTable(\"main.sales\")\n", ""},
		{document.SQL, 2, "DELETE FROM main.sales WHERE day < '2020-01-01'", ""},
		{document.SQL, 3, "VACUUM main.sales RETAIN 24 HOURS\n", ""},
	})
	if len(doc.Cells) != 3 || doc.Cells[0].Code || doc.Cells[2].Start != len(cell2) {
		t.Errorf("cells %+v", doc.Cells)
	}
}

func TestJupyterSQLKernel(t *testing.T) {
	doc, err := Jupyter("nb.ipynb", readFixture(t, "jupyter_sql.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	checkRegions(t, doc, []wantRegion{
		{document.SQL, 1, "OPTIMIZE main.sales\n", ""},
		{document.Python, 2, "       \nspark.table(\"main.sales\").coalesce(1)\n", ""},
	})
}

// notebook builds a minified nbformat 4 notebook around the given cells JSON.
func notebook(cells string) []byte {
	return []byte(`{"cells":[` + cells + `],"metadata":{},"nbformat":4,"nbformat_minor":5}`)
}

func TestJupyterCellHandling(t *testing.T) {
	tests := []struct {
		name, cells string
		want        []wantRegion
		notes       []string
	}{
		{"databricks sql cell", `{"cell_type":"code","source":"%sql\nSELECT 1"}`,
			[]wantRegion{{document.SQL, 1, "SELECT 1\n", ""}}, nil},
		{"databricks md cell", `{"cell_type":"code","source":"%md\nx.coalesce(1).write"}`,
			nil, []string{"cell 1: %md skipped"}},
		{"magic in if block", `{"cell_type":"code","source":"if x:\n    !ls\n    y()"}`,
			[]wantRegion{{document.Python, 1, "if x:\n       \n    y()\n", ""}}, nil},
		{"comparison is not magic", `{"cell_type":"code","source":"a != b\nc == !d"}`,
			[]wantRegion{{document.Python, 1, "a != b\nc == !d\n", ""}}, nil},
		{"only magics", `{"cell_type":"code","source":"%pip install x"}`, nil, nil},
		{"single quoted string then magic", `{"cell_type":"code","source":"s = '\"\"\"'\n%time f()"}`,
			[]wantRegion{{document.Python, 1, "s = '\"\"\"'\n" + strings.Repeat(" ", 9) + "\n", ""}}, nil},
		{"modulo continuing a bracket", `{"cell_type":"code","source":"s = (\"%s\"\n     % x)\n%who"}`,
			[]wantRegion{{document.Python, 1, "s = (\"%s\"\n     % x)\n    \n", ""}}, nil},
		{"backslash continuation", `{"cell_type":"code","source":"s = 'a' \\\n  % x"}`,
			[]wantRegion{{document.Python, 1, "s = 'a' \\\n  % x\n", ""}}, nil},
		{"shell command continued by backslashes", `{"cell_type":"code","source":"!pip install a \\\n    b \\\n    c\nx = 1"}`,
			[]wantRegion{{document.Python, 1, strings.Repeat(" ", 16) + "\n" + strings.Repeat(" ", 7) + "\n" + strings.Repeat(" ", 5) + "\nx = 1\n", ""}}, nil},
		{"help requests", `{"cell_type":"code","source":"df.write?\n??spark.read\nx = 1  # why?\ny = 'a?'"}`,
			[]wantRegion{{document.Python, 1, strings.Repeat(" ", 9) + "\n" + strings.Repeat(" ", 12) + "\nx = 1  # why?\ny = 'a?'\n", ""}}, nil},
		{"bash cell", `{"cell_type":"code","source":"%%bash\nfor f in *; do echo $f; done"}`,
			nil, []string{"cell 1: %%bash skipped"}},
		{"ipython-sql's %%sql queries its own database", `{"cell_type":"code","source":"%load_ext sql\n%sql postgresql://@/db"},{"cell_type":"code","source":"%%sql\nCREATE TABLE t (id SERIAL)"}`,
			nil, []string{"cell 2: %%sql runs through ipython-sql (%load_ext sql), another database than Spark: skipped"}},
		{"%%sql without ipython-sql is Spark SQL", `{"cell_type":"code","source":"x = 1"},{"cell_type":"code","source":"%%sql\nSELECT 1"}`,
			[]wantRegion{{document.Python, 1, "x = 1\n", ""}, {document.SQL, 2, "SELECT 1\n", ""}}, nil},
		{"another interpreter's cell magic", `{"cell_type":"code","source":"%%sparksql\nSELECT 1"}`,
			nil, []string{"cell 1: %%sparksql skipped"}},
		{"a cell magic that runs Python", `{"cell_type":"code","source":"%%time\nx = 1"}`,
			[]wantRegion{{document.Python, 1, "      \nx = 1\n", ""}}, nil},
		{"raw cell", `{"cell_type":"raw","source":"%sql SELECT 1"}`, nil, nil},
		{"escaped unicode", `{"cell_type":"code","source":"x = '\u00e9\ud83d\ude00\ud800'"}`,
			[]wantRegion{{document.Python, 1, "x = 'é😀\uFFFD'\n", ""}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Jupyter("t.ipynb", notebook(tt.cells))
			if err != nil {
				t.Fatal(err)
			}
			checkRegions(t, doc, tt.want)
			checkNotes(t, doc, tt.notes...)
		})
	}
}

func TestJupyterLanguages(t *testing.T) {
	nb := func(meta string) []byte {
		return []byte(`{"cells":[{"cell_type":"code","source":"x"},{"cell_type":"code","source":"%%sql\ny"}],"metadata":` + meta + `,"nbformat":4}`)
	}
	for meta, want := range map[string][]document.Lang{
		`{}`:                                {document.Python, document.SQL},
		`{"kernelspec":{"language":"SQL"}}`: {document.SQL, document.SQL},
		`{"language_info":{"name":"sql"}}`:  {document.SQL, document.SQL},
		`{"kernelspec":{"language":"python"},"language_info":{"name":"sql"}}`: {document.Python, document.SQL},
		`{"application/vnd.databricks.v1+notebook":{"language":"sql"}}`:       {document.SQL, document.SQL},
		// a Databricks export: the kernelspec is the exporter's default
		`{"application/vnd.databricks.v1+notebook":{"language":"sql"},"kernelspec":{"language":"python"},"language_info":{"name":"sql"}}`: {document.SQL, document.SQL},
		`{"application/vnd.databricks.v1+notebook":{"language":"python"},"kernelspec":{"language":"python"}}`:                             {document.Python, document.SQL},
		`{"kernelspec":{"language":"scala"}}`: {document.SQL},
	} {
		doc, err := Jupyter("t.ipynb", nb(meta))
		if err != nil {
			t.Fatal(err)
		}
		var got []document.Lang
		for _, r := range doc.Regions {
			got = append(got, r.Lang)
		}
		if len(got) != len(want) || got[0] != want[0] || got[len(got)-1] != want[len(want)-1] {
			t.Errorf("metadata %s: languages %v, want %v", meta, got, want)
		}
	}
}

func TestJupyterErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"not json", `{"cells": [}`, "invalid JSON notebook: line 1, column 12: invalid character '}'"},
		{"truncated", "{\n \"cells\": [", "invalid JSON notebook: line 2, column 12: unexpected end of JSON input"},
		{"empty", ``, "invalid JSON notebook"},
		{"array", `[]`, "not a Jupyter notebook: the JSON is not an object"},
		{"old format", `{"worksheets":[],"nbformat":3}`, "unsupported notebook format: nbformat 3, need 4 or later"},
		{"no nbformat", `{"cells":[]}`, "not a Jupyter notebook: no nbformat number"},
		{"no cells", `{"nbformat":4}`, "not a Jupyter notebook: no \"cells\" list"},
		{"cells not list", `{"nbformat":4,"cells":{}}`, "not a Jupyter notebook: \"cells\" is not a list"},
		{"cell not object", `{"nbformat":4,"cells":[1]}`, "cell 1 is not a JSON object"},
		{"number source", `{"nbformat":4,"cells":[{"cell_type":"code","source":"x"},{"cell_type":"code","source":7}]}`,
			"cell 2: source is neither a string nor a list of strings"},
		{"list of numbers", `{"nbformat":4,"cells":[{"cell_type":"markdown","source":["a",1]}]}`,
			"cell 1: source is neither a string nor a list of strings"},
		{"no source", `{"nbformat":4,"cells":[{"cell_type":"code"}]}`, "cell 1 has no source"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Jupyter("t.ipynb", []byte(tt.src))
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("error %v, want %q", err, tt.want)
			}
		})
	}
}

func TestJupyterBOM(t *testing.T) {
	src := append([]byte("\xef\xbb\xbf"), notebook(`{"cell_type":"code","source":"x = 1"}`)...)
	doc, err := Jupyter("t.ipynb", src)
	if err != nil {
		t.Fatal(err)
	}
	if string(doc.Text) != "x = 1\n" {
		t.Fatalf("text %q", doc.Text)
	}
	out, err := doc.Render([]byte("x = 2\n"))
	if err != nil || string(out) != "\xef\xbb\xbf"+string(notebook(`{"cell_type":"code","source":"x = 2"}`)) {
		t.Errorf("render %q %v", out, err)
	}
}

func TestScalaCell(t *testing.T) {
	for src, want := range map[string]bool{
		"val n = spark.table(\"t\").count()":         true,
		"// note\n\nvar path: String = \"/mnt\"":     true,
		"import org.apache.spark.sql.functions._\nx": true,
		"import io.delta.tables.{DeltaTable => DT}":  true,
		"case class Row(id: Int)":                    true,
		"val = spark.table(\"t\").count()":           false,
		"var += 1":                                   false,
		"import pyspark.sql.functions as F":          false,
		"# val n = 1\nval n = 1":                     false,
		"%fs ls /mnt":                                false,
		"object_count = 3":                           false,
	} {
		if got := scalaCell([]byte(src)); got != want {
			t.Errorf("scalaCell(%q) = %v, want %v", src, got, want)
		}
	}
}
