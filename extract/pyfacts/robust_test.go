package pyfacts

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/internal/corpusgen"
	"github.com/lakelint/lakelint/parsers/document"
)

// magicDoc makes a document whose one Python region has every line behind a
// "# MAGIC " prefix, as a %python cell of a Databricks SQL notebook.
func magicDoc(lines ...string) *document.Document {
	const prefix = "# MAGIC "
	var text, region strings.Builder
	var m document.PosMap
	text.WriteString("-- Databricks notebook source\n")
	for _, l := range lines {
		text.WriteString(prefix)
		m = append(m, document.Segment{Region: region.Len(), File: text.Len(), Len: len(l) + 1})
		text.WriteString(l + "\n")
		region.WriteString(l + "\n")
	}
	return &document.Document{
		Format: document.DatabricksSQL, Text: []byte(text.String()), EOL: "\n",
		Regions: []document.Region{{Lang: document.Python, Text: []byte(region.String()), Map: m, LinePrefix: prefix, Cell: 1}},
	}
}

func TestPrefixedRegion(t *testing.T) {
	doc := magicDoc(
		"(df",
		"    .coalesce(1)",
		"    .write.saveAsTable('t'))",
		"(DeltaTable.create(spark)",
		"    .tableName('b')",
		"    .execute())",
		"spark.sql('OPTIMIZE t')",
	)
	f, sql := extractDoc(t, doc)
	w := oneWrite(t, f)
	if textOf(doc, w.At) != "saveAsTable('t')" {
		t.Errorf("at %q", textOf(doc, w.At))
	}
	fixed := applyEdits(string(doc.Text), w.Transforms[0].Removal)
	if !strings.Contains(fixed, "# MAGIC (df\n# MAGIC     .write") {
		t.Errorf("removal:\n%s", fixed)
	}
	p := f.Tables[0].AddProps
	if p.Newline != "\n# MAGIC     " {
		t.Errorf("newline %q", p.Newline)
	}
	ins := string(doc.Text[:p.Offset]) + p.Newline + ".property('k', 'v')" + string(doc.Text[p.Offset:])
	if !strings.Contains(ins, "# MAGIC     .tableName('b')\n# MAGIC     .property('k', 'v')\n# MAGIC     .execute())") {
		t.Errorf("insertion:\n%s", ins)
	}
	if len(sql) != 1 {
		t.Fatal("no SQL")
	}
	checkSQLMap(t, doc, sql[0], "OPTIMIZE t")
	if sql[0].LinePrefix != "# MAGIC " {
		t.Errorf("embedded SQL prefix %q", sql[0].LinePrefix)
	}
}

// TestCorruptInput feeds truncated and mangled PySpark to Extract: it must
// not panic and every span must stay inside the document.
func TestCorruptInput(t *testing.T) {
	files := corpusgen.Files(7, 200<<10)
	r := rand.New(rand.NewPCG(1, 2))
	junk := []string{"(", ")", "'", `"""`, "\\", "\x00", "\xff", "é", "{", "f'{", ":", "\n    ", "@", "#", "noqa", ".write", "spark.sql("}
	for i, f := range files {
		src := string(f)
		for range 3 {
			switch r.IntN(3) {
			case 0:
				src = src[:r.IntN(len(src)+1)]
			case 1:
				at := r.IntN(len(src) + 1)
				src = src[:at] + junk[r.IntN(len(junk))] + src[at:]
			case 2:
				if len(src) > 10 {
					at := r.IntN(len(src) - 5)
					src = src[:at] + src[at+r.IntN(5):]
				}
			}
		}
		doc := pyDoc(src)
		fs, sql := extractDoc(t, doc)
		for _, s := range sql {
			for _, seg := range s.Map {
				if seg.File < 0 || seg.File+seg.Len > len(doc.Text) {
					t.Fatalf("file %d: SQL map %+v outside the document", i, seg)
				}
			}
		}
		_ = fs
	}
}

func TestCorpusFacts(t *testing.T) {
	files := corpusgen.Files(3, 300<<10)
	var total facts.File
	for _, f := range files {
		fs, _ := extract(t, string(f))
		if len(fs.SyntaxErrors) > 0 {
			t.Fatalf("generated code has a syntax error: %+v\n%s", fs.SyntaxErrors[0], f)
		}
		total.Writes = append(total.Writes, fs.Writes...)
		total.Settings = append(total.Settings, fs.Settings...)
		total.Tables = append(total.Tables, fs.Tables...)
		total.Maintenance = append(total.Maintenance, fs.Maintenance...)
		total.Reads = append(total.Reads, fs.Reads...)
	}
	apis := map[facts.API]int{}
	for _, w := range total.Writes {
		apis[w.API]++
	}
	for _, api := range []facts.API{facts.DataFrameWriter, facts.DataFrameWriterV2, facts.DataStreamWriter, facts.DeltaTableMerge, facts.DeltaTableDelete} {
		if apis[api] == 0 {
			t.Errorf("no %s write found in the corpus", api)
		}
	}
	if len(total.Settings) == 0 || len(total.Tables) == 0 || len(total.Maintenance) == 0 || len(total.Reads) == 0 {
		t.Errorf("settings %d tables %d maintenance %d reads %d", len(total.Settings), len(total.Tables), len(total.Maintenance), len(total.Reads))
	}
}

func FuzzExtract(f *testing.F) {
	for _, s := range corpusgen.Files(11, 20<<10) {
		f.Add(string(s))
	}
	f.Add("spark.sql(f'{x!r:{y}}')")
	f.Add("df.write.partitionBy(*[*a, 'b']).save(**{**k})")
	f.Add("class W:\n    def __init__(self, t, p=['a']):\n        self.t = t\n        if p: self.p = p\n    def run(self, df):\n        self.run(df)\n        df.write.partitionBy(*self.p).saveAsTable(self.t)\nW('x').run(df)\n")
	f.Add("import functools\nu.writeStream.foreachBatch(functools.partial(f, t='x')).start()\nu.writeStream.foreachBatch(lambda d, i: (lambda: g(d))()).start()\n")
	f.Add("def v(t, h=0, *c):\n    spark.sql(f'VACUUM {t} RETAIN {h} HOURS')\n    spark.sql('OPTIMIZE {} ZORDER BY ({})'.format(t, c))\n    df.write.saveAsTable(f'{t}.{h}')\n")
	f.Fuzz(func(t *testing.T, src string) {
		doc := pyDoc(src)
		extractDoc(t, doc)
	})
}

func TestConcurrentExtract(t *testing.T) {
	files := corpusgen.Files(9, 100<<10)
	want := make([]int, len(files))
	for i, f := range files {
		fs, _ := extract(t, string(f))
		want[i] = len(fs.Writes)
	}
	done := make(chan error, 4)
	for g := range 4 {
		go func() {
			for i := g; i < len(files); i += 4 {
				doc := pyDoc(string(files[i]))
				fs, _ := Extract(doc, []*document.Region{&doc.Regions[0]}, Options{})
				if len(fs.Writes) != want[i] {
					done <- fmt.Errorf("file %d: %d writes, want %d", i, len(fs.Writes), want[i])
					return
				}
			}
			done <- nil
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
