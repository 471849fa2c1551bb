package notebook

import (
	"bytes"
	"testing"
)

// Every byte of Text that came from the file maps back to the file bytes
// that spell it: the same byte, or the escape sequence that decodes to it.
func TestFileOffsetMapsTextToFileBytes(t *testing.T) {
	src := []byte(`{"cells": [
  {"cell_type": "markdown", "source": ["# notes\n"]},
  {"cell_type": "code", "source": [
    "df = spark.read.table(\"t\")\n",
    "s = \"caf\u00e9 \ud83d\udcc8\"\t# x\n",
    "df.coalesce(1).write.saveAsTable(\"u\")"
  ]},
  {"cell_type": "code", "source": "x = 1\\ny = 2\n"}
 ],
 "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
`)
	doc, err := Jupyter("n.ipynb", src)
	if err != nil {
		t.Fatal(err)
	}
	if doc.FileOffset == nil || !bytes.Equal(doc.File, src) {
		t.Fatal("no file map")
	}
	for _, probe := range []struct {
		text, file string // a piece of Text and how the file spells it
	}{
		{`df = spark`, `df = spark`},
		{`"t"`, `\"t\"`},
		{"café", `caf\u00e9`},
		{"📈", `\ud83d\udcc8`},
		{"\t# x", `\t# x`},
		{`coalesce(1)`, `coalesce(1)`},
		{"y = 2", "y = 2"},
	} {
		off := bytes.Index(doc.Text, []byte(probe.text))
		if off < 0 {
			t.Fatalf("%q not in Text", probe.text)
		}
		got := doc.FileOffset(off)
		if want := bytes.Index(src, []byte(probe.file)); got != want {
			t.Errorf("%q: file offset %d, want %d (%q)", probe.text, got, want, src[max(got, 0):min(got+12, len(src))])
		}
	}
	// the newline added after the last string of a cell maps to its closing quote
	end := bytes.Index(doc.Text, []byte(`saveAsTable("u")`)) + len(`saveAsTable("u")`)
	if got := doc.FileOffset(end); src[got] != '"' {
		t.Errorf("added newline maps to %q", src[got])
	}
	// out-of-range offsets stay in the file
	for _, off := range []int{-1, len(doc.Text) + 10} {
		if got := doc.FileOffset(off); got < 0 || got > len(src) {
			t.Errorf("FileOffset(%d) = %d", off, got)
		}
	}
}
