package notebook

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/parsers/document"
)

var wantDatabricksPython = []wantRegion{
	{document.Python, 1, "# café — 日本: daily sales load\nfrom pyspark.sql import functions as F\n\ndf = spark.read.table(\"raw.sales\")\n\n", ""},
	{document.SQL, 3, "CREATE TABLE IF NOT EXISTS main.sales (id INT, day DATE)\n\nPARTITIONED BY (day)\n", "# MAGIC "},
	{document.Python, 4, "\ndf.repartition(1).write.format(\"delta\").mode(\"append\").saveAsTable(\"main.sales\")\n\n", ""},
	{document.Python, 5, "spark.conf.set(\"spark.databricks.delta.optimizeWrite.enabled\", \"false\")\n", "# MAGIC "},
	{document.SQL, 7, "VACUUM main.sales RETAIN 1 HOURS\n", "# MAGIC "},
}

func TestDatabricksPython(t *testing.T) {
	src := readFixture(t, "databricks_notebook.py")
	if !IsDatabricksPython(src) || IsDatabricksSQL(src) {
		t.Fatal("header not recognised")
	}
	doc := DatabricksPython("nb.py", src)
	if doc.Format != document.DatabricksPython || doc.EOL != "\n" || !bytes.Equal(doc.Text, src) {
		t.Fatalf("format %s, EOL %q, text kept %v", doc.Format, doc.EOL, bytes.Equal(doc.Text, src))
	}
	checkRegions(t, doc, wantDatabricksPython)
	checkNotes(t, doc, "cell 2: %md skipped", "cell 6: %scala skipped")
	for _, r := range doc.Regions {
		if bytes.Contains(r.Text, []byte("coalesce")) {
			t.Errorf("markdown or scala code leaked into cell %d: %q", r.Cell, r.Text)
		}
	}
	// the plain cell's text is the file's bytes, not a copy
	if r := doc.Regions[0]; &r.Text[0] != &src[r.Map.File(0)] {
		t.Error("plain cell region does not alias the file text")
	}
}

func TestDatabricksPythonCRLF(t *testing.T) {
	src := readFixture(t, "databricks_crlf.py")
	doc := DatabricksPython("nb.py", src)
	if doc.EOL != "\r\n" {
		t.Fatalf("EOL %q", doc.EOL)
	}
	want := make([]wantRegion, len(wantDatabricksPython))
	for i, w := range wantDatabricksPython {
		w.text = strings.ReplaceAll(w.text, "\n", "\r\n")
		want[i] = w
	}
	checkRegions(t, doc, want)
	checkNotes(t, doc, "cell 2: %md skipped", "cell 6: %scala skipped")
}

func TestDatabricksPythonBOM(t *testing.T) {
	src := readFixture(t, "databricks_bom.py")
	if !IsDatabricksPython(src) {
		t.Fatal("header after a BOM not recognised")
	}
	doc := DatabricksPython("nb.py", src)
	if !bytes.HasPrefix(doc.Text, utf8BOM) {
		t.Fatal("the BOM must stay in Text")
	}
	checkRegions(t, doc, wantDatabricksPython)
	if start, _ := doc.Regions[0].Span(); start != 3+len("# Databricks notebook source\n") {
		t.Errorf("first region starts at %d", start)
	}
}

func TestDatabricksSQL(t *testing.T) {
	src := readFixture(t, "databricks_notebook.sql")
	if !IsDatabricksSQL(src) || IsDatabricksPython(src) {
		t.Fatal("header not recognised")
	}
	doc := DatabricksSQL("nb.sql", src)
	if doc.Format != document.DatabricksSQL {
		t.Fatalf("format %s", doc.Format)
	}
	checkRegions(t, doc, []wantRegion{
		{document.SQL, 1, "CREATE TABLE main.events (id BIGINT, ts TIMESTAMP) USING DELTA;\n\n", ""},
		{document.Python, 2, "df = spark.table(\"main.events\")\ndf.coalesce(1).write.mode(\"overwrite\").saveAsTable(\"main.events_small\")\n", "-- MAGIC "},
		{document.SQL, 4, "\nOPTIMIZE main.events WHERE ts > '2024-01-01';\n", ""},
	})
	checkNotes(t, doc, "cell 3: %md skipped")
}

func TestDatabricksEdgeCases(t *testing.T) {
	const h = "# Databricks notebook source\n"
	tests := []struct {
		name, src string
		want      []wantRegion
		notes     []string
	}{
		{"header only", "# Databricks notebook source", nil, nil},
		{"header and newline", h, nil, nil},
		{"no final newline", h + "x = 1", []wantRegion{{document.Python, 1, "x = 1", ""}}, nil},
		{"trailing spaces on separator", h + "a\n# COMMAND ----------  \nb\n",
			[]wantRegion{{document.Python, 1, "a\n", ""}, {document.Python, 2, "b\n", ""}}, nil},
		{"blank cells", h + "\n# COMMAND ----------\n\n# COMMAND ----------\nb\n",
			[]wantRegion{{document.Python, 3, "b\n", ""}}, nil},
		{"magic and code mixed is plain", h + "# MAGIC %sql\nx = 1\n",
			[]wantRegion{{document.Python, 1, "# MAGIC %sql\nx = 1\n", ""}}, nil},
		{"magic without command is comments", h + "# MAGIC hello\n",
			[]wantRegion{{document.Python, 1, "# MAGIC hello\n", ""}}, nil},
		{"MAGICAL is not magic", h + "# MAGICAL %sql\n",
			[]wantRegion{{document.Python, 1, "# MAGICAL %sql\n", ""}}, nil},
		{"sql magic at end without newline", h + "# MAGIC %sql\n# MAGIC SELECT 1",
			[]wantRegion{{document.SQL, 1, "SELECT 1", "# MAGIC "}}, nil},
		{"sql magic with nothing", h + "# MAGIC %sql\n", nil, nil},
		{"sqlx is not sql", h + "# MAGIC %sqlx\n# MAGIC SELECT 1\n", nil, []string{"cell 1: %sqlx skipped"}},
		{"indented magic lines keep indentation", h + "# MAGIC %python\n# MAGIC if x:\n# MAGIC     y()\n",
			[]wantRegion{{document.Python, 1, "if x:\n    y()\n", "# MAGIC "}}, nil},
		{"pip and run cells skipped", h + "# MAGIC %pip install x\n# COMMAND ----------\n# MAGIC %run ./setup\n",
			nil, []string{"cell 1: %pip skipped", "cell 2: %run skipped"}},
		{"separator inside a cell with CR only lines", h + "a\r\n# COMMAND ----------\r\nb",
			[]wantRegion{{document.Python, 1, "a\r\n", ""}, {document.Python, 2, "b", ""}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := DatabricksPython("t.py", []byte(tt.src))
			checkRegions(t, doc, tt.want)
			checkNotes(t, doc, tt.notes...)
		})
	}
}

func TestDatabricksHeaderDetection(t *testing.T) {
	for src, want := range map[string]bool{
		"# Databricks notebook source\n":           true,
		"# Databricks notebook source  \r\n":       true,
		"# Databricks notebook source":             true,
		"\xef\xbb\xbf# Databricks notebook source": true,
		"#  Databricks notebook source\n":          false,
		"x = 1\n# Databricks notebook source\n":    false,
		"":                                         false,
	} {
		if got := IsDatabricksPython([]byte(src)); got != want {
			t.Errorf("IsDatabricksPython(%q) = %v", src, got)
		}
	}
}

func TestDatabricksMapsSegmentPerLine(t *testing.T) {
	src := readFixture(t, "databricks_notebook.py")
	doc := DatabricksPython("nb.py", src)
	sql := doc.Regions[1]
	if len(sql.Map) != 3 {
		t.Fatalf("map %v, want one segment per line", sql.Map)
	}
	// the empty "# MAGIC" line maps to its own line end
	if f := sql.Map.File(strings.Index(string(sql.Text), "\n\n") + 1); src[f] != '\n' || string(src[f-7:f]) != "# MAGIC" {
		t.Errorf("blank magic line maps to %d", f)
	}
	start, end := sql.Span()
	if string(src[start:end]) != "CREATE TABLE IF NOT EXISTS main.sales (id INT, day DATE)\n# MAGIC\n# MAGIC PARTITIONED BY (day)\n" {
		t.Errorf("span %q", src[start:end])
	}
}

// A Python cell runs through IPython: a magic or shell line inside it (a
// %pip in a try block) is blanked, keeping offsets; a % inside an
// expression that goes on is Python.
func TestDatabricksPythonIPythonLines(t *testing.T) {
	src := []byte("# Databricks notebook source\ntry:\n    import openpyxl\nexcept ImportError:\n    # install it\n    %pip install openpyxl\n    !ls /tmp\nx = (10\n     % 3)\ny = 1\n    !ls\n")
	doc := DatabricksPython("nb.py", src)
	if len(doc.Regions) != 1 {
		t.Fatalf("regions %d", len(doc.Regions))
	}
	r := doc.Regions[0]
	if len(r.Text) != len(src)-len("# Databricks notebook source\n") {
		t.Fatalf("offsets moved: %q", r.Text)
	}
	text := string(r.Text)
	if strings.Contains(text, "%pip") || strings.Contains(text, "!ls") {
		t.Errorf("IPython lines left in: %q", text)
	}
	if !strings.Contains(text, "     % 3)") || !strings.Contains(text, "import openpyxl") {
		t.Errorf("Python lost: %q", text)
	}
	// the except body would be empty: a pass stands in for its first line,
	// and only there (an indented line after y = 1 would be a bad indent)
	if !strings.Contains(text, "# install it\n    pass") || strings.Contains(text, "y = 1\n    pass") {
		t.Errorf("stand-in: %q", text)
	}
	if err := Verify(doc); err != nil {
		t.Error(err)
	}
}

// IPython runs "pip install x" as %pip (automagic is on by default), in
// Databricks notebooks as in Jupyter; "pip in names" is still Python.
func TestPackageMagicsWithoutPercent(t *testing.T) {
	src := []byte("# Databricks notebook source\npip install --upgrade databricks-sdk -q\n\n# COMMAND ----------\n\nconda install -y pyarrow\nok = pip in names\npip = 'x'\n")
	doc := DatabricksPython("nb.py", src)
	var text strings.Builder
	for _, r := range doc.Regions {
		text.Write(r.Text)
	}
	got := text.String()
	if strings.Contains(got, "pip install") || strings.Contains(got, "conda install") {
		t.Errorf("package magics left in: %q", got)
	}
	if !strings.Contains(got, "ok = pip in names") || !strings.Contains(got, "pip = 'x'") {
		t.Errorf("Python lost: %q", got)
	}
}

// A cell of one line that calls a line magic without its % is IPython's
// automagic ("run ./setup.ipynb"); on a line among others, or where the
// words carry on a Python expression, it is Python.
func TestBareLineMagics(t *testing.T) {
	cases := []struct {
		cell  string
		magic bool
	}{
		{"run ./00_Load_Demo_Data.ipynb", true},
		{"\n  cd /dbfs/tmp  \n", true},
		{"ls -la /tmp", true},
		{"timeit df.count()", true},
		{"run ./setup.ipynb\nx = 1", false}, // two lines: IPython reads it as Python
		{"time = 5", false},
		{"run(job)", false},
		{"cd in dirs", false},
		{"time.sleep(1)", false},
		{"ls - la", false},
		{"spark_run ./x", false},
	}
	for _, c := range cases {
		nb := `{"cells":[{"cell_type":"code","source":` + jsonString(c.cell) + `,"metadata":{},"outputs":[]}],"metadata":{"kernelspec":{"language":"python","name":"python3"}},"nbformat":4,"nbformat_minor":5}`
		doc, err := Jupyter("nb.ipynb", []byte(nb))
		if err != nil {
			t.Fatal(err)
		}
		var text strings.Builder
		for _, r := range doc.Regions {
			text.Write(r.Text)
		}
		kept := strings.TrimSpace(text.String()) != ""
		if kept == c.magic {
			t.Errorf("%q: read as Python = %v, want %v", c.cell, kept, !c.magic)
		}
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// In a Jupyter notebook, a cell of one line "run ./setup.ipynb" is %run
// (automagic); "run(x)", "run -n" flags first, or a second line is not.
func TestRunsOfBareRun(t *testing.T) {
	cells := []string{"%run ./a.ipynb", "run ./b.ipynb", "run(job)", "run ./c.ipynb\nx = 1", "run -n ./d.py", "  run 'e.ipynb'  "}
	src := `{"cells":[`
	for i, c := range cells {
		if i > 0 {
			src += ","
		}
		src += `{"cell_type":"code","source":` + jsonString(c) + `,"metadata":{},"outputs":[]}`
	}
	src += `],"metadata":{"kernelspec":{"language":"python","name":"python3"}},"nbformat":4,"nbformat_minor":5}`
	doc, err := Jupyter("nb.ipynb", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range RunsOf(doc) {
		got = append(got, r.Path)
		if line := string(doc.Text[r.Start:r.End]); !strings.Contains(line, r.Path) {
			t.Errorf("run %s at %q", r.Path, line)
		}
	}
	if want := []string{"./a.ipynb", "./b.ipynb", "e.ipynb"}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("runs = %v, want %v", got, want)
	}
}

// A %python cell runs through IPython like a plain one: its line magics are
// blanked, offsets kept, and a %sql line magic in it is SQL at its own place.
func TestDatabricksPythonMagicCellIPythonLines(t *testing.T) {
	src := []byte("# Databricks notebook source\n# MAGIC %python\n# MAGIC %timeit df.count()\n# MAGIC x = 1\n# MAGIC %sql OPTIMIZE main.t\n")
	doc := DatabricksPython("nb.py", src)
	checkRegions(t, doc, []wantRegion{
		{document.Python, 1, strings.Repeat(" ", len("%timeit df.count()")) + "\nx = 1\n" + strings.Repeat(" ", len("%sql OPTIMIZE main.t")) + "\n", "# MAGIC "},
		{document.SQL, 1, "OPTIMIZE main.t", "# MAGIC "},
	})
	sql := doc.Regions[1]
	if got := string(src[sql.Map.File(0):sql.Map.File(len(sql.Text))]); got != "OPTIMIZE main.t" {
		t.Errorf("the %%sql line maps to %q", got)
	}
	if got := sql.Map.File(0); got != bytes.Index(src, []byte("OPTIMIZE")) {
		t.Errorf("the %%sql line starts at %d", got)
	}
}

// A Fabric notebook kept in git: banners start the cells, %%sql cells are SQL
// at their place, metadata and markdown stay comments of no language switch.
func TestFabricPython(t *testing.T) {
	src := []byte("# Fabric notebook source\n\n# METADATA ********************\n\n# META {\n# META }\n\n" +
		"# MARKDOWN ********************\n\n# # Title\n\n# CELL ********************\n\nx = 1\n\n" +
		"# CELL ********************\n\n# MAGIC %%sql\n# MAGIC OPTIMIZE lake.t\n\n" +
		"# CELL ********************\n\n# MAGIC %%spark\n# MAGIC val n = 1\n")
	if !IsFabricPython(src) || IsDatabricksPython(src) {
		t.Fatal("header not recognised")
	}
	doc := FabricPython("notebook-content.py", src)
	if doc.Format != document.FabricPython {
		t.Fatalf("format %s", doc.Format)
	}
	var sql []string
	for _, r := range doc.Regions {
		if r.Lang == document.SQL {
			sql = append(sql, string(r.Text))
			if got := string(src[r.Map.File(0) : r.Map.File(0)+len("OPTIMIZE")]); got != "OPTIMIZE" {
				t.Errorf("the SQL maps to %q", got)
			}
		}
		if r.Lang == document.Python && bytes.Contains(r.Text, []byte("val n")) {
			t.Errorf("a %%%%spark cell read as Python: %q", r.Text)
		}
	}
	for _, r := range doc.Regions {
		if bytes.Contains(r.Text, []byte("META")) {
			t.Errorf("cell %d: metadata read as code: %q", r.Cell, r.Text)
		}
		if r.Lang == document.SQL && r.Cell != 3 {
			t.Errorf("the %%%%sql cell is cell %d, want 3", r.Cell)
		}
	}
	if len(sql) != 1 || sql[0] != "OPTIMIZE lake.t\n" {
		t.Errorf("SQL regions %q", sql)
	}
	checkNotes(t, doc, "cell 4: %%spark skipped")
}

// A cell's title line comes before its marker lines; an export that took
// the markers off leaves each line indented one space.
func TestDatabricksTitlesAndStrippedMarkers(t *testing.T) {
	src := []byte("# Databricks notebook source\nx = 1\n\n# COMMAND ----------\n\n" +
		"# DBTITLE 1,Clean up\n# MAGIC %sql\n# MAGIC VACUUM db.t2 RETAIN 2 HOURS\n\n# COMMAND ----------\n\n" +
		"# DBTITLE 1,Stripped\n %sql\n DROP TABLE IF EXISTS $db.t3;\n CREATE TABLE $db.t3 (\n  id int\n ) USING DELTA\n\n# COMMAND ----------\n\n" +
		" %md\n Some *text*\n\n# COMMAND ----------\n\n" +
		" %python\n if x:\n     spark.sql('VACUUM db.t5')\n\n# COMMAND ----------\n\n" +
		"# near misses: a line not indented, a %pip line\n %sql\nSELECT 1\n\n# COMMAND ----------\n\n %pip install x\n" +
		"\n# COMMAND ----------\n\n# DBTITLE 1,Two spaces\n  %sql\n  INSERT INTO $db.t6\n     SELECT 1\n --a comment one space in\n")
	doc := DatabricksPython("nb.py", src)
	checkRegions(t, doc, []wantRegion{
		{document.Python, 1, "x = 1\n\n", ""},
		{document.SQL, 2, "VACUUM db.t2 RETAIN 2 HOURS\n", "# MAGIC "},
		{document.SQL, 3, "DROP TABLE IF EXISTS $db.t3;\nCREATE TABLE $db.t3 (\n id int\n) USING DELTA\n", " "},
		{document.Python, 5, "if x:\n    spark.sql('VACUUM db.t5')\n", " "},
		// near misses, read as before: IPython's lines blanked in a Python cell
		{document.Python, 6, "\n# near misses: a line not indented, a %pip line\n     \nSELECT 1\n\n", ""},
		{document.SQL, 8, "INSERT INTO $db.t6\n   SELECT 1\n--a comment one space in\n", " "},
	})
	checkNotes(t, doc, "cell 4: %md skipped")
}
