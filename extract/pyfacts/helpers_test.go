package pyfacts

import (
	"slices"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/python"
)

// pyDoc makes a plain Python document of src with one region.
func pyDoc(src string) *document.Document {
	doc := &document.Document{Path: "job.py", Format: document.PlainPython, Text: []byte(src), EOL: "\n"}
	doc.Regions = []document.Region{{Lang: document.Python, Text: []byte(src), Map: document.Identity(0, len(src))}}
	return doc
}

// cellsDoc makes a notebook-like document whose Python regions are the given
// cells, separated in the text by a marker line that belongs to no region.
func cellsDoc(cells ...string) *document.Document {
	const sep = "# COMMAND ----------\n"
	var text strings.Builder
	var regions []document.Region
	for i, c := range cells {
		if i > 0 {
			text.WriteString(sep)
		}
		regions = append(regions, document.Region{
			Lang: document.Python, Text: []byte(c), Map: document.Identity(text.Len(), len(c)), Cell: i + 1,
		})
		text.WriteString(c)
	}
	return &document.Document{Path: "nb.py", Format: document.DatabricksPython, Text: []byte(text.String()), Regions: regions, EOL: "\n"}
}

func extractDoc(t *testing.T, doc *document.Document) (*facts.File, []*document.Region) {
	t.Helper()
	var rs []*document.Region
	for i := range doc.Regions {
		rs = append(rs, &doc.Regions[i])
	}
	f, sql := Extract(doc, rs, Options{})
	checkSpans(t, doc, f)
	return f, sql
}

func extract(t *testing.T, src string) (*facts.File, *document.Document) {
	t.Helper()
	doc := pyDoc(src)
	f, _ := extractDoc(t, doc)
	return f, doc
}

// textOf returns the document text a span covers.
func textOf(doc *document.Document, sp facts.Span) string {
	if sp.Start < 0 || sp.End > len(doc.Text) || sp.Start > sp.End {
		return "<bad span>"
	}
	return string(doc.Text[sp.Start:sp.End])
}

// checkSpans asserts that every span in f lies inside the document.
func checkSpans(t *testing.T, doc *document.Document, f *facts.File) {
	t.Helper()
	bad := func(what string, sp facts.Span) {
		if sp.Start < 0 || sp.End > len(doc.Text) || sp.Start > sp.End {
			t.Errorf("%s span %+v outside the document (%d bytes)", what, sp, len(doc.Text))
		}
	}
	for _, w := range f.Writes {
		bad("write", w.Span)
		bad("write at", w.At)
		for _, tr := range w.Transforms {
			bad("transform "+tr.Name, tr.Span)
			for _, e := range tr.Removal {
				bad("removal", e.Span)
			}
		}
	}
	for _, s := range f.Settings {
		bad("setting", s.Span)
		bad("setting value", s.Value.Span)
	}
	for _, m := range f.Maintenance {
		bad("maintenance", m.Span)
	}
	for _, tb := range f.Tables {
		bad("table", tb.Span)
	}
	for _, s := range f.Suppressions {
		bad("suppression", s.Span)
	}
	for _, e := range f.SyntaxErrors {
		bad("syntax error", e.Span)
	}
}

// applyEdits applies non-overlapping edits to text.
func applyEdits(text string, edits []facts.Edit) string {
	edits = slices.Clone(edits)
	slices.SortFunc(edits, func(a, b facts.Edit) int { return b.Start - a.Start })
	for _, e := range edits {
		text = text[:e.Start] + e.NewText + text[e.End:]
	}
	return text
}

// parsesCleanly reports whether src has no syntax error.
func parsesCleanly(src string) bool {
	tr, err := python.Parse([]byte(src))
	if err != nil {
		return false
	}
	_, bad := tr.FirstError()
	return !bad
}

func names(ts []facts.Transform) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.Name)
	}
	return out
}

func colNames(cs []facts.Column) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return out
}

func oneWrite(t *testing.T, f *facts.File) *facts.Write {
	t.Helper()
	if len(f.Writes) != 1 {
		t.Fatalf("want 1 write, got %d", len(f.Writes))
	}
	return f.Writes[0]
}
