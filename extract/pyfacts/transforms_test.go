package pyfacts

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lakelint/lakelint/facts"
)

func TestTransforms(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // transform names, oldest first
		feeding   string   // Feeding().Name, "" for none
	}{
		{"in the chain", `df.repartition(8).write.save("/p")`, []string{"repartition"}, "repartition"},
		{"through assignment", "out = df.repartition(8)\nout.write.save('/p')", []string{"repartition"}, "repartition"},
		{"reassignment", "df = spark.read.table('a')\ndf = df.coalesce(1)\ndf = df.filter('x > 1')\ndf.write.saveAsTable('t')",
			[]string{"coalesce", "filter"}, "coalesce"},
		{"new name from old", "df2 = df.filter(c)\ndf3 = df2.withColumn('a', F.lit(1)).select('a')\ndf3.write.save('/p')",
			[]string{"filter", "withColumn", "select"}, ""},
		{"cache stops feeding", "df = df.repartition(8).cache()\ndf.write.save('/p')", []string{"cache"}, ""},
		{"join stops feeding", "df.repartition(8).join(o, 'id').write.save('/p')", []string{"join"}, ""},
		{"history before a read is absent", "df = spark.read.parquet('/x').repartition(4)\ndf.write.save('/p')", []string{"repartition"}, "repartition"},
		{"a function result cuts history", "a = df.coalesce(1)\nb = helper(a).filter(x)\nb.write.save('/p')", []string{"filter"}, ""},
		{"na functions", "df.coalesce(2).na.fill(0).write.save('/p')", []string{"coalesce", "na"}, "coalesce"},
		{"snapshot at binding", "a = df.coalesce(1)\nb = a\na = a.repartition(9)\nb.write.save('/p')", []string{"coalesce"}, "coalesce"},
		{"rdd is not a DataFrame", "rdd = df.rdd.repartition(8)\nx = rdd.toDF()\nx.write.save('/p')", nil, ""},
		{"branches meet: no one history, no feeding shuffle", "df = spark.table('a')\nif c:\n    df = df.coalesce(1)\ndf.write.save('/p')", []string{"branches"}, ""},
		{"helper's return applied to the argument", "def few(d):\n    return d.coalesce(2).filter('x')\nfew(df.repartition(9)).write.save('/p')", []string{"repartition", "coalesce", "filter"}, "coalesce"},
		{"same in every branch", "if c:\n    n = 1\nelse:\n    n = 1\ndf.coalesce(n).write.save('/p')", []string{"coalesce"}, "coalesce"},
		{"parameter shadows module name", "df = x.coalesce(1)\ndef f(df):\n    df.write.save('/p')", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, _ := extract(t, tt.src)
			w := oneWrite(t, f)
			if got := names(w.Transforms); !slices.Equal(got, tt.want) {
				t.Errorf("transforms %v, want %v", got, tt.want)
			}
			got := ""
			if fd := w.Feeding(); fd != nil {
				got = fd.Name
			}
			if got != tt.feeding {
				t.Errorf("feeding %q, want %q", got, tt.feeding)
			}
		})
	}
}

func TestTransformFields(t *testing.T) {
	tests := []struct {
		src     string
		span    string
		hasNum  bool
		num     int64 // 0: unknown
		numSpan string
		cols    []string
	}{
		{`df.repartition(8)`, ".repartition(8)", true, 8, "8", nil},
		{"n = 1\ndf.coalesce(n)", ".coalesce(n)", true, 1, "n", nil},
		{`df.repartition(k)`, ".repartition(k)", true, 0, "k", nil},
		{`df.repartition("a", F.col("b"), col("c"))`, `.repartition("a", F.col("b"), col("c"))`, false, 0, "", []string{"a", "b", "c"}},
		{`df.repartition(16, "d")`, `.repartition(16, "d")`, true, 16, "16", []string{"d"}},
		{`df.repartition(numPartitions=4)`, `.repartition(numPartitions=4)`, true, 4, "4", nil},
		{`df.repartition(*cols)`, `.repartition(*cols)`, false, 0, "", []string{""}}, // columns not known,
		{`df.repartitionByRange(10, "ts")`, `.repartitionByRange(10, "ts")`, true, 10, "10", []string{"ts"}},
		{`df.coalesce( 2 )`, `.coalesce( 2 )`, true, 2, "2", nil},
	}
	for _, tt := range tests {
		f, doc := extract(t, tt.src+".write.save('/p')")
		w := oneWrite(t, f)
		tr := w.Transforms[len(w.Transforms)-1]
		if got := textOf(doc, tr.Span); got != tt.span {
			t.Errorf("%s: span %q", tt.src, got)
		}
		if tr.HasNum != tt.hasNum {
			t.Errorf("%s: HasNum %v", tt.src, tr.HasNum)
		}
		if tt.num != 0 && (tr.NumPartitions.Kind != facts.Int || tr.NumPartitions.Int != tt.num) {
			t.Errorf("%s: num %+v", tt.src, tr.NumPartitions)
		}
		if tt.num == 0 && tr.NumPartitions.Known() {
			t.Errorf("%s: num should be unknown: %+v", tt.src, tr.NumPartitions)
		}
		if tt.hasNum && textOf(doc, tr.NumPartitions.Span) != tt.numSpan {
			t.Errorf("%s: num span %q", tt.src, textOf(doc, tr.NumPartitions.Span))
		}
		if got := colNames(tr.Columns); !slices.Equal(got, tt.cols) {
			t.Errorf("%s: columns %v", tt.src, got)
		}
	}
}

func TestTransformRemoval(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"assignment", "out = df.repartition(8)\nout.write.save('/p')\n",
			"out = df\nout.write.save('/p')\n"},
		{"inline chain", "df.coalesce(1).write.save('/p')\n",
			"df.write.save('/p')\n"},
		{"own line in parentheses", "(df\n    .filter('x')\n    .coalesce(1)  # one file\n    .write.save('/p'))\n",
			"(df\n    .filter('x')\n    .write.save('/p'))\n"},
		{"last line of a backslash chain", "out = df.filter('x') \\\n    .coalesce(1)\nout.write.save('/p')\n",
			"out = df.filter('x')\nout.write.save('/p')\n"},
		{"middle line of a backslash chain", "df \\\n    .coalesce(1) \\\n    .write.save('/p')\n",
			"df \\\n    .write.save('/p')\n"},
		{"closing paren on the line", "(df\n    .coalesce(1)).write.save('/p')\n",
			"(df\n    ).write.save('/p')\n"},
		{"inside a function", "def f(df):\n    out = (\n        df.filter('x')\n        .repartition(4)\n    )\n    out.write.save('/p')\n",
			"def f(df):\n    out = (\n        df.filter('x')\n    )\n    out.write.save('/p')\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, _ := extract(t, tt.src)
			w := oneWrite(t, f)
			fd := w.Feeding()
			if fd == nil || fd.Removal == nil {
				t.Fatalf("no removable shuffle in %v", names(w.Transforms))
			}
			got := applyEdits(tt.src, fd.Removal)
			if got != tt.want {
				t.Errorf("after removal:\n%s\nwant:\n%s", got, tt.want)
			}
			if !parsesCleanly(got) {
				t.Errorf("removal leaves invalid code:\n%s", got)
			}
		})
	}
}

func TestTransformRemovalAcrossCells(t *testing.T) {
	doc := cellsDoc("out = df.repartition(8)\n", "out.write.save('/p')\n")
	f, _ := extractDoc(t, doc)
	w := oneWrite(t, f)
	if len(w.Transforms) != 1 {
		t.Fatalf("transforms %v", names(w.Transforms))
	}
	got := applyEdits(string(doc.Text), w.Transforms[0].Removal)
	want := "out = df\n# COMMAND ----------\nout.write.save('/p')\n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestTransformRemovalCRLF(t *testing.T) {
	src := "out = df.filter('x') \\\r\n    .coalesce(1)\r\nout.write.save('/p')\r\n" +
		"(df\r\n    .repartition(2)\r\n    .write.save('/q'))\r\n"
	f, _ := extract(t, src)
	if len(f.Writes) != 2 {
		t.Fatalf("writes %d", len(f.Writes))
	}
	got := applyEdits(src, append(f.Writes[0].Feeding().Removal, f.Writes[1].Feeding().Removal...))
	want := "out = df.filter('x')\r\nout.write.save('/p')\r\n(df\r\n    .write.save('/q'))\r\n"
	if got != want {
		t.Errorf("got %q", got)
	}
}

func TestLongLineIsLinear(t *testing.T) {
	// one 3 MB line of chained calls must not cost a scan of the line per call
	var b strings.Builder
	b.WriteString("df")
	for b.Len() < 3<<20 {
		b.WriteString(".filter('x').repartition(8)")
	}
	b.WriteString(".write.save('/p')\n")
	start := time.Now()
	f, _ := extract(t, b.String())
	if len(f.Writes) != 1 {
		t.Fatalf("writes %d", len(f.Writes))
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("took %v", d)
	}
}

func TestCountShuffledThroughBranches(t *testing.T) {
	tests := []struct {
		name, src string
		want      bool
	}{
		{"one arm coalesces", "df = spark.table('a')\nif c:\n    df = df.coalesce(1)\ndf.write.save('/p')", true},
		{"parameter, one arm repartitions", "def f(df, c):\n    if c:\n        df = df.repartition(4)\n    df.write.save('/p')", true},
		{"arms filter only", "df = spark.table('a')\nif c:\n    df = df.filter('x')\ndf.write.save('/p')", false},
		{"by columns only", "df = spark.table('a')\nif c:\n    df = df.repartition('d')\ndf.write.save('/p')", false},
		{"a join after the branch", "df = spark.table('a')\nif c:\n    df = df.coalesce(1)\ndf.join(o, 'k').write.save('/p')", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, _ := extract(t, tt.src)
			if got := oneWrite(t, f).CountShuffled(); got != tt.want {
				t.Errorf("CountShuffled() = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestCopyOf(t *testing.T) {
	tests := []struct {
		name, src string
		want      string // the read's table or path, "" for none
	}{
		{"narrow chain", "df = spark.read.table('raw.events')\ndf.filter('x > 1').withColumn('a', F.lit(1)).select('a').write.saveAsTable('t')", "raw.events"},
		{"spark.table", "spark.table('raw.events').where('x').write.saveAsTable('t')", "raw.events"},
		{"a path read", "spark.read.format('delta').load('/lake/raw').drop('y').write.save('/lake/out')", "/lake/raw"},
		{"no transform", "spark.read.table('raw.events').write.saveAsTable('t')", "raw.events"},
		{"a join", "spark.read.table('a').join(b, 'id').write.saveAsTable('t')", ""},
		{"an aggregation", "spark.read.table('a').groupBy('k').count().write.saveAsTable('t')", ""},
		{"a repartition", "spark.read.table('a').repartition(8).write.saveAsTable('t')", ""},
		{"a coalesce", "spark.read.table('a').coalesce(1).write.saveAsTable('t')", ""},
		{"distinct", "spark.read.table('a').distinct().write.saveAsTable('t')", ""},
		{"narrow branches", "df = spark.table('a')\nif c:\n    df = df.filter('x')\ndf.write.saveAsTable('t')", "a"},
		{"a narrow loop", "df = spark.table('a')\nfor c in cols:\n    df = df.withColumn(c, df[c].cast('int'))\ndf.write.saveAsTable('t')", "a"},
		{"a branch that shuffles", "df = spark.table('a')\nif c:\n    df = df.repartition(8)\ndf.write.saveAsTable('t')", ""},
		{"a branch that joins", "df = spark.table('a')\nif c:\n    df = df.filter('x').join(b, 'k')\ndf.write.saveAsTable('t')", ""},
		{"branches from two reads", "if c:\n    df = spark.table('a')\nelse:\n    df = spark.table('b').filter('x')\ndf.write.saveAsTable('t')", ""},
		{"unknown origin", "df.filter('x').write.saveAsTable('t')", ""},
		{"a stream read", "spark.readStream.table('a').filter('x').writeStream.toTable('t')", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, _ := extract(t, tt.src)
			w := oneWrite(t, f)
			got := ""
			if r := w.CopyOf; r != nil {
				got = r.Target.Table + r.Target.Path
				if r.Kind != facts.BatchRead {
					t.Errorf("CopyOf is a %s read", r.Kind)
				}
			}
			if got != tt.want {
				t.Errorf("CopyOf %q, want %q", got, tt.want)
			}
		})
	}
}
