package pyfacts

import (
	"slices"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
)

func TestReads(t *testing.T) {
	tests := []struct {
		src         string
		kind        facts.ReadKind
		format      string
		table, path string
		opts        map[string]string
		at          string
	}{
		{`spark.readStream.format("delta").option("skipChangeCommits", "true").table("main.t")`,
			facts.StreamRead, "delta", "main.t", "", map[string]string{"skipchangecommits": "true"}, `table("main.t")`},
		{`spark.readStream.format("cloudFiles").options(**{"cloudFiles.format": "json"}).load("/in")`,
			facts.StreamRead, "cloudfiles", "", "/in", map[string]string{"cloudfiles.format": "json"}, `load("/in")`},
		{`spark.read.table("t")`, facts.BatchRead, "", "t", "", nil, `table("t")`},
		{`spark.read.format("delta").load(path="/d")`, facts.BatchRead, "delta", "", "/d", nil, `load(path="/d")`},
		{`spark.read.parquet("/p")`, facts.BatchRead, "parquet", "", "/p", nil, `parquet("/p")`},
		{`self.spark.read.option("path", "/o").load()`, facts.BatchRead, "", "", "/o", map[string]string{"path": "/o"}, `load()`},
		{`spark.table("x")`, facts.BatchRead, "", "x", "", nil, `table("x")`},
		{"r = spark.readStream.format('delta')\nr.table('s')", facts.StreamRead, "delta", "s", "", nil, "table('s')"},
	}
	for _, tt := range tests {
		f, doc := extract(t, tt.src)
		if len(f.Reads) != 1 {
			t.Errorf("%s: %d reads", tt.src, len(f.Reads))
			continue
		}
		r := f.Reads[0]
		if r.Kind != tt.kind || r.Format != tt.format || r.Target.Table != tt.table || r.Target.Path != tt.path {
			t.Errorf("%s: read %+v", tt.src, r)
		}
		got := map[string]string{}
		for k, v := range r.Options {
			got[k] = v.Text()
		}
		if len(got) != len(tt.opts) {
			t.Errorf("%s: options %v", tt.src, got)
		}
		for k, v := range tt.opts {
			if got[k] != v {
				t.Errorf("%s: option %s = %q", tt.src, k, got[k])
			}
		}
		if textOf(doc, r.At) != tt.at {
			t.Errorf("%s: at %q", tt.src, textOf(doc, r.At))
		}
	}
}

func TestSettings(t *testing.T) {
	src := `N = 64
spark = (SparkSession.builder
    .appName("x")
    .config("spark.sql.adaptive.enabled", "true")
    .config(key="A.B", value=False)
    .config(conf=SparkConf())
    .config(map={"m.k": 3})
    .getOrCreate())
spark.conf.set("spark.sql.shuffle.partitions", N)
self.spark.conf.set("Spark.Databricks.Delta.OptimizeWrite.Enabled", True)
spark_session.conf.set(key_var, "x")
spark.conf.get("spark.sql.shuffle.partitions")
`
	f, doc := extract(t, src)
	want := []struct{ key, value, via, at string }{
		{"spark.sql.adaptive.enabled", "true", "builder.config", `config("spark.sql.adaptive.enabled", "true")`},
		{"A.B", "false", "builder.config", `config(key="A.B", value=False)`},
		{"m.k", "3", "builder.config", `config(map={"m.k": 3})`},
		{"spark.sql.shuffle.partitions", "64", "spark.conf.set", `set("spark.sql.shuffle.partitions", N)`},
		{"Spark.Databricks.Delta.OptimizeWrite.Enabled", "true", "spark.conf.set", `set("Spark.Databricks.Delta.OptimizeWrite.Enabled", True)`},
	}
	if len(f.Settings) != len(want) {
		t.Fatalf("settings %d, want %d", len(f.Settings), len(want))
	}
	for i, w := range want {
		s := f.Settings[i]
		if s.Key != w.key || s.Value.Text() != w.value || s.Via != w.via || textOf(doc, s.At) != w.at {
			t.Errorf("setting %d: %q=%q via %q at %q", i, s.Key, s.Value.Text(), s.Via, textOf(doc, s.At))
		}
	}
	if got := textOf(doc, f.Settings[3].Value.Span); got != "N" {
		t.Errorf("value span %q", got)
	}
	if got := textOf(doc, f.Settings[3].Span); got != `spark.conf.set("spark.sql.shuffle.partitions", N)` {
		t.Errorf("span %q", got)
	}
	if s, ok := f.SettingBefore("spark.sql.shuffle.partitions", len(src)); !ok || s.Value.Int != 64 {
		t.Errorf("SettingBefore %+v", s)
	}
}

func TestPipelineTables(t *testing.T) {
	src := `import dlt

@dlt.table(
    name="silver_events",
    comment="clean",
    partition_cols=["d"],
    cluster_by=["c"],
    table_properties={
        "quality": "silver",
    },
)
def events():
    return dlt.read_stream("bronze").where("x")

@dlt.table
def bare():
    return spark.table("y")

@dp.materialized_view(name='mv', partition_cols=['p'],)
def mv():
    return 1

@dlt.table(comment="no props")
def noprops():
    return 1

dlt.create_streaming_table("feed", table_properties={})

@dlt.view
def v():
    return 1
`
	f, doc := extract(t, src)
	if len(f.Tables) != 5 {
		for _, tb := range f.Tables {
			t.Log(tb.Name)
		}
		t.Fatalf("tables %d", len(f.Tables))
	}
	want := []struct {
		name  string
		part  []string
		style facts.PropertyStyle
		at    string
	}{
		{"silver_events", []string{"d"}, facts.PyExtendDict, "dlt.table"},
		{"bare", nil, "", "dlt.table"},
		{"mv", []string{"p"}, facts.PyNewKeyword, "dp.materialized_view"},
		{"noprops", nil, facts.PyNewKeyword, "dlt.table"},
		{"feed", nil, facts.PyExtendDict, "create_streaming_table"},
	}
	for i, w := range want {
		tb := f.Tables[i]
		if tb.Kind != facts.DLTTable || tb.Name != w.name || !slices.Equal(tb.PartitionBy.Names(), w.part) || textOf(doc, tb.At) != w.at {
			t.Errorf("table %d: %+v at %q", i, tb, textOf(doc, tb.At))
		}
		if w.style == "" {
			if tb.AddProps != nil {
				t.Errorf("table %d: insertion %+v", i, tb.AddProps)
			}
			continue
		}
		if tb.AddProps == nil || tb.AddProps.Style != w.style {
			t.Errorf("table %d: insertion %+v", i, tb.AddProps)
		}
	}
	silver := f.Tables[0]
	if silver.Properties["quality"].Text() != "silver" || !slices.Equal(colNames(silver.ClusterBy), []string{"c"}) {
		t.Errorf("silver %+v", silver)
	}
	// insert into the existing dict after the last entry, keeping its trailing comma
	p := silver.AddProps
	fixed := string(doc.Text[:p.Offset]) + "," + p.Newline + `"k": "v"` + string(doc.Text[p.Offset:])
	if !strings.Contains(fixed, "\"quality\": \"silver\",\n        \"k\": \"v\",\n    },") || !parsesCleanly(fixed) {
		t.Errorf("dict insertion:\n%s", fixed)
	}
	// a new keyword after the last argument
	p = f.Tables[2].AddProps
	fixed = string(doc.Text[:p.Offset]) + ", table_properties={}" + string(doc.Text[p.Offset:])
	if !strings.Contains(fixed, "partition_cols=['p'], table_properties={},)") || !parsesCleanly(fixed) || p.Quote != "'" {
		t.Errorf("kwarg insertion %+v:\n%s", p, fixed)
	}
	if !f.Tables[4].AddProps.Empty || len(f.Reads) != 2 {
		t.Errorf("empty dict %+v, reads %d", f.Tables[4].AddProps, len(f.Reads))
	}
}

func TestSuppressions(t *testing.T) {
	src := `# lakelint: noqa: ll301
x = "# noqa"  # NOQA
y = 1  # noqa: LL101, ll102 trailing words
z = 2  # type: ignore # noqa:LL103
s = """
# noqa: LL999
"""
w = 3  # this is not noqa
# LAKELINT: NOQA
`
	f, doc := extract(t, src)
	want := []struct {
		text  string
		codes []string
		file  bool
	}{
		{"# lakelint: noqa: ll301", []string{"LL301"}, true},
		{"# NOQA", nil, false},
		{"# noqa: LL101, ll102 trailing words", []string{"LL101", "LL102"}, false},
		{"# type: ignore # noqa:LL103", []string{"LL103"}, false},
		{"# LAKELINT: NOQA", nil, true},
	}
	if len(f.Suppressions) != len(want) {
		t.Fatalf("suppressions %+v", f.Suppressions)
	}
	for i, w := range want {
		s := f.Suppressions[i]
		if textOf(doc, s.Span) != w.text || !slices.Equal(s.Codes, w.codes) || s.FileLevel != w.file {
			t.Errorf("%d: %q %v %v", i, textOf(doc, s.Span), s.Codes, s.FileLevel)
		}
	}
}

func TestSyntaxErrors(t *testing.T) {
	src := "df.write.save('/a')\nprint(foo(\ndef g(:\n    pass\n"
	f, doc := extract(t, src)
	if len(f.SyntaxErrors) != 1 {
		t.Fatalf("errors %+v", f.SyntaxErrors)
	}
	e := f.SyntaxErrors[0]
	if e.Message == "" || e.Span.Start < len("df.write.save('/a')\n") {
		t.Errorf("error %+v %q", e, textOf(doc, e.Span))
	}
	if len(f.Writes) != 1 {
		t.Errorf("the write before the error was lost")
	}
	// a cell indented as a whole is Python to IPython; the same in a file is not
	if f, _ := extractDoc(t, cellsDoc("x = 1\n", "    q = (df.writeStream\n        .start())\n")); len(f.SyntaxErrors) != 0 {
		t.Errorf("indented cell: %+v", f.SyntaxErrors)
	}
	if f, _ := extract(t, "x = 1\n    y = 2\n"); len(f.SyntaxErrors) != 1 {
		t.Errorf("indented line in a file: %+v", f.SyntaxErrors)
	}
	// errors in two cells: one each
	f, _ = extractDoc(t, cellsDoc("x = (\n", "df.write.save('/b')\n", "y = ]\n"))
	if len(f.SyntaxErrors) != 2 || len(f.Writes) != 1 {
		t.Errorf("errors %+v writes %d", f.SyntaxErrors, len(f.Writes))
	}
}

func TestConstants(t *testing.T) {
	tests := []struct {
		name, src, table string
	}{
		{"plain", "T = 't1'\ndf.write.saveAsTable(T)", "t1"},
		{"reassigned", "T = 't1'\nT = 't2'\ndf.write.saveAsTable(T)", "t2"},
		{"concatenation", "DB = 'main'\nT = DB + '.' + 'x'\ndf.write.saveAsTable(T)", "main.x"},
		{"augmented", "T = 'main'\nT += '.y'\ndf.write.saveAsTable(T)", "main.y"},
		{"f-string of constants", "DB = 'm'\nN = 3\nT = f'{DB}.t{N}'\ndf.write.saveAsTable(T)", "m.t3"},
		{"format of constants", "T = '{}.{t}'.format('db', t='x')\ndf.write.saveAsTable(T)", "db.x"},
		{"percent of constants", "T = '%s.%s' % ('db', 'y')\ndf.write.saveAsTable(T)", "db.y"},
		{"branch disagreement", "T = 'a'\nif c:\n    T = 'b'\ndf.write.saveAsTable(T)", ""},
		{"branch agreement", "if c:\n    T = 'a'\nelse:\n    T = 'a'\ndf.write.saveAsTable(T)", "a"},
		{"elif disagreement", "if c:\n    T = 'a'\nelif d:\n    T = 'b'\nelse:\n    T = 'a'\ndf.write.saveAsTable(T)", ""},
		{"first arm keeps it", "T = 'a'\nif c:\n    pass\nelse:\n    T = 'a'\ndf.write.saveAsTable(T)", "a"},
		{"first arm keeps it, other changes it", "T = 'a'\nif c:\n    pass\nelse:\n    T = 'b'\ndf.write.saveAsTable(T)", ""},
		{"branch rebinds what was", "T = 'a'\nif c:\n    T = 'a'\ndf.write.saveAsTable(T)", "a"},
		// the other way raises NameError at the write: the write is the arm's
		{"bound in one arm only", "if c:\n    T = 'a'\nelse:\n    pass\ndf.write.saveAsTable(T)", "a"},
		{"bound in one arm only, after a star import", "from conf import *\nif c:\n    T = 'a'\ndf.write.saveAsTable(T)", ""},
		{"bound before, and in one arm", "T = 'b'\nif c:\n    T = 'a'\ndf.write.saveAsTable(T)", ""},
		{"a function's local, bound in one arm", "T = 'b'\ndef f():\n    if c:\n        T = 'a'\n    df.write.saveAsTable(T)", "a"},
		{"last binding of an arm counts", "if c:\n    T = 'x'\n    T = 'a'\nelse:\n    T = 'a'\ndf.write.saveAsTable(T)", "a"},
		{"nested branches agree", "if c:\n    if d:\n        T = 'a'\n    else:\n        T = 'a'\nelse:\n    T = 'a'\ndf.write.saveAsTable(T)", "a"},
		{"many names in a branch", "if c:\n    A1 = A2 = A3 = A4 = A5 = A6 = A7 = A8 = A9 = 1\n    T = 'a'\nelse:\n    T = 'a'\ndf.write.saveAsTable(T)", "a"},
		{"loop body may not run", "T = 'a'\nfor i in r:\n    T = 'b'\ndf.write.saveAsTable(T)", ""},
		{"loop variable", "for T in ['a', 'b']:\n    df.write.saveAsTable(T)", ""},
		{"inside the loop", "for i in r:\n    T = 'b'\n    df.write.saveAsTable(T)", "b"},
		{"try", "T = 'a'\ntry:\n    T = 'b'\nexcept E:\n    pass\ndf.write.saveAsTable(T)", ""},
		{"function result", "T = get_table()\ndf.write.saveAsTable(T)", ""},
		{"module constant in function", "T = 'm'\ndef f(df):\n    df.write.saveAsTable(T)", "m"},
		{"local shadows module", "T = 'm'\ndef f(df):\n    T = 'l'\n    df.write.saveAsTable(T)", "l"},
		{"parameter shadows module", "T = 'm'\ndef f(df, T):\n    df.write.saveAsTable(T)", ""},
		{"tuple assignment", "A, T = 1, 'tt'\ndf.write.saveAsTable(T)", "tt"},
		{"chained assignment", "A = T = 'c'\ndf.write.saveAsTable(T)", "c"},
		{"deleted", "T = 'a'\ndel T\ndf.write.saveAsTable(T)", ""},
		{"walrus", "if (T := 'w'):\n    df.write.saveAsTable(T)", "w"},
		{"class attribute not global", "class C:\n    T = 'c'\n    def m(self, df):\n        df.write.saveAsTable(T)", ""},
		{"conditional expression", "T = 'a' if c else 'b'\ndf.write.saveAsTable(T)", ""},
		{"annotated", "T: str = 'an'\ndf.write.saveAsTable(T)", "an"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, _ := extract(t, tt.src)
			w := oneWrite(t, f)
			if w.Target.Table != tt.table {
				t.Errorf("table %q, want %q", w.Target.Table, tt.table)
			}
		})
	}
}

func TestCrossCell(t *testing.T) {
	doc := cellsDoc(
		"from pyspark.sql import functions as F\nTABLE = 'main.s.t'\nn = 2\n",
		"out = df.repartition(8)\n",
		"print('hi')\n",
		"out.coalesce(n).write.format('delta').saveAsTable(TABLE)\n",
	)
	f, _ := extractDoc(t, doc)
	w := oneWrite(t, f)
	if w.Target.Table != "main.s.t" || !slices.Equal(names(w.Transforms), []string{"repartition", "coalesce"}) {
		t.Fatalf("write %+v transforms %v", w.Target, names(w.Transforms))
	}
	rep := w.Transforms[0]
	if textOf(doc, rep.Span) != ".repartition(8)" {
		t.Errorf("repartition span %q", textOf(doc, rep.Span))
	}
	if c := w.Transforms[1]; c.NumPartitions.Int != 2 || textOf(doc, c.NumPartitions.Span) != "n" {
		t.Errorf("coalesce %+v", c)
	}
	if !strings.HasPrefix(string(doc.Text[w.WriterAt:]), ".write.format") {
		t.Errorf("WriterAt %d", w.WriterAt)
	}
}

func TestLookalikes(t *testing.T) {
	src := `from pyspark.sql import Window
from pyspark.sql.functions import coalesce
w = Window.partitionBy("a").orderBy("b")
x = df.withColumn("v", F.coalesce(F.col("a"), F.col("b"))).withColumn("u", coalesce("a", "b"))
pairs = sc.parallelize(range(10)).map(lambda k: (k, k)).partitionBy(8, lambda k: k)
r = df.rdd.repartition(8).map(f)
spark.read.format("delta").load("/x").count()
fh.write("text")
logger.write.save
with open("f") as fh:
    fh.write("x")
`
	f, _ := extract(t, src)
	if len(f.Writes) != 0 {
		t.Errorf("writes %d: %+v", len(f.Writes), f.Writes[0])
	}
	// x's history has no shuffle
	f, _ = extract(t, src+"x.write.save('/p')\n")
	w := oneWrite(t, f)
	for _, tr := range w.Transforms {
		if tr.IsShuffle() {
			t.Errorf("look-alike shuffle %q", tr.Name)
		}
	}
	// rdd partitioning does not feed a DataFrame write
	f, _ = extract(t, "r = sc.parallelize(d).repartition(8)\nspark.createDataFrame(r).write.save('/p')\n")
	if w := oneWrite(t, f); w.Feeding() != nil {
		t.Errorf("rdd shuffle feeds %v", names(w.Transforms))
	}
}

func TestBindingForms(t *testing.T) {
	tests := []struct{ name, src string }{
		{"except alias", "T = 't'\ntry:\n    pass\nexcept E as T:\n    pass\ndf.write.saveAsTable(T)"},
		{"with alias", "T = 't'\nwith open('f') as T:\n    pass\ndf.write.saveAsTable(T)"},
		{"for tuple target", "T = 't'\nfor i, (T, k) in x:\n    pass\ndf.write.saveAsTable(T)"},
		{"match arm", "T = 't'\nmatch c:\n    case 1:\n        T = 'u'\ndf.write.saveAsTable(T)"},
		{"import", "T = 't'\nimport T\ndf.write.saveAsTable(T)"},
		{"star unpacking", "T = 't'\na, *T = 1, 2, 3\ndf.write.saveAsTable(T)"},
	}
	for _, tt := range tests {
		f, _ := extract(t, tt.src)
		if w := oneWrite(t, f); w.Target.Table != "" {
			t.Errorf("%s: table %q should be unknown", tt.name, w.Target.Table)
		}
	}
}

func TestSessionLikeDataFrames(t *testing.T) {
	for _, src := range []string{
		"sessions.repartition(4).write.saveAsTable('x')",
		"spark_df = load()\nspark_df.repartition(4).write.saveAsTable('x')",
		"def f(spark_df):\n    spark_df.repartition(4).write.saveAsTable('x')",
		"self.sessions.repartition(4).write.saveAsTable('x')",
	} {
		f, _ := extract(t, src)
		w := oneWrite(t, f)
		if w.Target.Table != "x" || w.Feeding() == nil {
			t.Errorf("%s: write %+v transforms %v", src, w.Target, names(w.Transforms))
		}
	}
}

func TestRepartitionArgument(t *testing.T) {
	tests := []struct {
		src    string
		hasNum bool
	}{
		{"df.repartition(n)", true},
		{"df.repartition(self.num_partitions)", true},
		{"df.repartition(key_col)", false},
		{"for col in cols:\n    df.repartition(col)", false},
		{"df.coalesce(key)", true},
		{"df.repartition(F.col(c))", false},
	}
	for _, tt := range tests {
		f, _ := extract(t, tt.src+".write.save('/p')")
		w := oneWrite(t, f)
		if tr := w.Transforms[len(w.Transforms)-1]; tr.HasNum != tt.hasNum {
			t.Errorf("%s: HasNum %v", tt.src, tr.HasNum)
		}
	}
}

// lower and containsLower agree with strings.ToLower.
func TestLowerAgreesWithToLower(t *testing.T) {
	x := &extractor{work: takeWork()}
	for _, s := range []string{"", "spark", "SparkSession", "mySQLContext", "maxRecordsPerFile", "Ünïcode", "\u212Aey", "a_B-c.D"} {
		if got, want := x.lower(s), strings.ToLower(s); got != want {
			t.Errorf("lower(%q) = %q, want %q", s, got, want)
		}
		for _, sub := range []string{"spark", "session", "sqlcontext", "key", ""} {
			if got, want := containsLower(s, sub), strings.Contains(strings.ToLower(s), sub); got != want {
				t.Errorf("containsLower(%q, %q) = %v, want %v", s, sub, got, want)
			}
		}
	}
}

// TestAtOneSegment checks at's shortcut for a region of one segment
// against the map's own answer, on both sides of the segment.
func TestAtOneSegment(t *testing.T) {
	r := &document.Region{Map: document.PosMap{{Region: 5, File: 100, Len: 10}}}
	x := &extractor{r: r}
	for off := -2; off < 25; off++ {
		if got, want := x.at(off), r.Map.File(off); got != want {
			t.Errorf("at(%d) = %d, want %d", off, got, want)
		}
	}
}

// A target whose value is not known keeps the code that gives it, for
// messages, however it is given; a known one needs none; code on several
// lines is put on one, and long code is cut with an ellipsis.
func TestUnknownTargetCode(t *testing.T) {
	src := `import os
def f(df, root, t):
    df.writeStream.option("path", os.path.join(root, "a")).start()
    df.writeStream.start(os.path.join(root, "b"))
    df.write.saveAsTable(t)
    df.write.save("/mnt/known")
    df.write.save(os.path.join(root, "a_name_long_enough_to_be_left_out_of_any_message_at_all"))
    df.write.save(os.path.join(
        root,  \
        "c"))
`
	f, _ := extract(t, src)
	var got []string
	for _, w := range f.Summary.Funcs[0].Writes {
		got = append(got, w.Target.Expr)
	}
	want := []string{`os.path.join(root, "a")`, `os.path.join(root, "b")`, "t", "", `os.path.join(root, "a_name_long_enough_to_be_left_out_of_any…`, `os.path.join(root, "c")`}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("codes %q, want %q", got, want)
	}
}
