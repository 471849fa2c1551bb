package sqlfacts

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/lakelint/lakelint/facts"
)

// FuzzExtract extracts any text as a plain region and as a "# MAGIC" cell,
// and checks that every span and edit stays inside the document.
func FuzzExtract(f *testing.F) {
	paths, _ := filepath.Glob("../../parsers/sql/testdata/corpus/*.sql")
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("INSERT INTO t SELECT /*+ REPARTITION(4,\n c) */ * FROM s -- noqa: LL1"))
	f.Add([]byte("CREATE TABLE t (\n a INT\n) TBLPROPERTIES (\n 'a' = 1\n)\nAS SELECT 1"))
	f.Fuzz(func(t *testing.T, text []byte) {
		doc, r := plain(string(text))
		checkFacts(t, len(doc), Extract(r))
		lines := bytes.Split(text, []byte("\n"))
		strs := make([]string, len(lines))
		for i, l := range lines {
			strs[i] = string(l)
		}
		doc, r = magicCell(strs...)
		checkFacts(t, len(doc), Extract(r))
	})
}

func checkFacts(t *testing.T, n int, f *facts.File) {
	t.Helper()
	in := func(what string, s facts.Span) {
		if s.Start < 0 || s.End > n || s.Start > s.End {
			t.Fatalf("%s span %+v outside a document of %d bytes", what, s, n)
		}
	}
	for _, w := range f.Writes {
		in("write", w.Span)
		in("write at", w.At)
		in("target", w.Target.Span)
		for _, tr := range w.Transforms {
			in("transform", tr.Span)
			for _, e := range tr.Removal {
				in("removal", e.Span)
			}
		}
	}
	for _, td := range f.Tables {
		in("table", td.Span)
		in("table at", td.At)
		if p := td.AddProps; p != nil && (p.Offset < 0 || p.Offset > n) {
			t.Fatalf("insertion offset %d outside a document of %d bytes", p.Offset, n)
		}
	}
	for _, a := range f.Alters {
		in("alter", a.Span)
	}
	for _, s := range f.Settings {
		in("setting", s.Span)
		in("setting value", s.Value.Span)
	}
	for _, m := range f.Maintenance {
		in("maintenance", m.Span)
		in("retain", m.Retain.Span)
		for _, c := range m.WhereColumns {
			in("where column", c.Span)
		}
	}
	for _, s := range f.Suppressions {
		in("suppression", s.Span)
	}
}
