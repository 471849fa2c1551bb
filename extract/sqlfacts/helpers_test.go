package sqlfacts

import (
	"sort"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
)

// plain makes a region of a whole .sql document.
func plain(sql string) (string, *document.Region) {
	return sql, &document.Region{Lang: document.SQL, Text: []byte(sql), Map: document.Identity(0, len(sql))}
}

// magicCell makes a Databricks notebook cell whose SQL lines each carry
// "# MAGIC ", after some Python before it, the way the notebook parser
// cuts it: one segment per line, line break included.
func magicCell(lines ...string) (string, *document.Region) {
	var doc strings.Builder
	doc.WriteString("# Databricks notebook source\nx = 1\n\n# COMMAND ----------\n\n# MAGIC %sql\n")
	r := &document.Region{Lang: document.SQL, LinePrefix: "# MAGIC "}
	var text []byte
	for i, l := range lines {
		doc.WriteString("# MAGIC ")
		seg := document.Segment{Region: len(text), File: doc.Len(), Len: len(l)}
		doc.WriteString(l)
		text = append(text, l...)
		if i < len(lines)-1 {
			doc.WriteByte('\n')
			text = append(text, '\n')
			seg.Len++
		}
		r.Map = append(r.Map, seg)
	}
	r.Text = text
	doc.WriteByte('\n')
	return doc.String(), r
}

// pyString makes the region of SQL written in a Python string: pieces are
// copied as they are, and a "\n" between them is written as the two-byte
// escape in the document but decoded to one newline in the region.
func pyString(pieces ...string) (string, *document.Region) {
	doc := `df = spark.sql("`
	r := &document.Region{Lang: document.SQL, Embedded: true}
	var text []byte
	for i, p := range pieces {
		if i > 0 {
			doc += `\n`
			text = append(text, '\n')
		}
		r.Map = append(r.Map, document.Segment{Region: len(text), File: len(doc), Len: len(p)})
		doc += p
		text = append(text, p...)
	}
	r.Text = text
	return doc + `")` + "\n", r
}

// cover returns the document text at s.
func cover(t *testing.T, doc string, s facts.Span) string {
	t.Helper()
	if s.Start < 0 || s.End > len(doc) || s.Start > s.End {
		t.Fatalf("span %+v outside a document of %d bytes", s, len(doc))
	}
	return doc[s.Start:s.End]
}

// apply applies edits to doc, last first.
func apply(t *testing.T, doc string, edits []facts.Edit) string {
	t.Helper()
	sorted := append([]facts.Edit(nil), edits...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Start > sorted[j].Start })
	for i, e := range sorted {
		if i > 0 && e.End > sorted[i-1].Start {
			t.Fatalf("overlapping edits %+v", edits)
		}
		doc = doc[:e.Start] + e.NewText + doc[e.End:]
	}
	return doc
}

// addProps inserts properties the way a fix reads a PropertyInsertion: a
// new clause is " TBLPROPERTIES (...)" (or Newline then the clause), an
// extension is ", prop" per property (or "," Newline prop).
func addProps(t *testing.T, doc string, pi *facts.PropertyInsertion, props ...string) string {
	t.Helper()
	if pi == nil {
		t.Fatal("no property insertion")
	}
	var text string
	switch pi.Style {
	case facts.SQLNewClause:
		sep := " "
		if pi.Newline != "" {
			sep = pi.Newline
		}
		text = sep + "TBLPROPERTIES (" + strings.Join(props, ", ") + ")"
	case facts.SQLExtendClause:
		for i, p := range props {
			switch {
			case i == 0 && pi.Empty:
				text += p
			case pi.Newline != "":
				text += "," + pi.Newline + p
			default:
				text += ", " + p
			}
		}
	default:
		t.Fatalf("style %q", pi.Style)
	}
	return doc[:pi.Offset] + text + doc[pi.Offset:]
}
