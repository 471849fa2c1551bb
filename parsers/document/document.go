// Package document is the shape every parser produces: a file's text cut into
// regions of one language, each with an exact map back to file offsets.
// Everything after parsing speaks in offsets into Document.Text, so positions
// are right by construction whatever host a piece of code stands in.
package document

import "sort"

// Lang is the language of a region.
type Lang uint8

const (
	Python Lang = iota + 1
	SQL
)

func (l Lang) String() string {
	switch l {
	case Python:
		return "python"
	case SQL:
		return "sql"
	}
	return "unknown"
}

// Format is the kind of file a document came from.
type Format uint8

const (
	PlainPython      Format = iota + 1 // a .py file
	PlainSQL                           // a .sql file
	DatabricksPython                   // a .py starting "# Databricks notebook source"
	DatabricksSQL                      // a .sql starting "-- Databricks notebook source"
	Jupyter                            // an .ipynb notebook
	FabricPython                       // a .py starting "# Fabric notebook source" (notebook-content.py)
)

func (f Format) String() string {
	return [...]string{"unknown", "python", "sql", "databricks-python", "databricks-sql", "jupyter", "fabric-python"}[f]
}

// Segment says that Len bytes at Region offset in a region's text are the
// same bytes as at File offset in the document text.
type Segment struct {
	Region, File, Len int
}

// PosMap maps region offsets to document offsets. Segments are sorted by
// Region and do not overlap. Region bytes that fall between segments (an
// escape sequence decoded to fewer bytes, say) map to the start of the next
// segment.
type PosMap []Segment

// Identity maps n region bytes to the document bytes starting at base.
func Identity(base, n int) PosMap { return PosMap{{Region: 0, File: base, Len: n}} }

// File returns the document offset of region offset off.
func (m PosMap) File(off int) int {
	if len(m) == 0 {
		return off
	}
	// first segment whose end is beyond off
	i := sort.Search(len(m), func(i int) bool { return m[i].Region+m[i].Len > off })
	if i == len(m) {
		last := m[len(m)-1]
		return last.File + last.Len + (off - last.Region - last.Len)
	}
	s := m[i]
	if off < s.Region {
		return s.File
	}
	return s.File + off - s.Region
}

// Compose returns the map of a region nested in this one: inner maps offsets of
// the nested text to offsets of this region's text.
func (m PosMap) Compose(inner PosMap) PosMap {
	out := make(PosMap, 0, len(inner))
	for _, s := range inner {
		// split s wherever it crosses a segment boundary of m
		for done := 0; done < s.Len; {
			r := s.File + done // offset in this region's text
			i := sort.Search(len(m), func(i int) bool { return m[i].Region+m[i].Len > r })
			if i == len(m) || r < m[i].Region {
				// unmapped in the outer region: map the rest through File
				out = append(out, Segment{Region: s.Region + done, File: m.File(r), Len: s.Len - done})
				break
			}
			n := min(s.Len-done, m[i].Region+m[i].Len-r)
			out = append(out, Segment{Region: s.Region + done, File: m[i].File + r - m[i].Region, Len: n})
			done += n
		}
	}
	return out
}

// Region is one stretch of code in one language.
type Region struct {
	Lang Lang
	Text []byte
	Map  PosMap
	// Cell is the 1-based notebook cell the region stands in, 0 outside notebooks.
	Cell int
	// LinePrefix is what every line of the region carries in the file
	// ("# MAGIC " in a Databricks %sql cell); a fix that adds a line adds it too.
	LinePrefix string
	// Embedded is true for SQL found inside a Python string (spark.sql("...")).
	Embedded bool
	// KeepGaps is true when text between map segments (values substituted by
	// a %-format) must not be edited: dropping or rewriting a conversion
	// would break the % operator at run time.
	KeepGaps bool
}

// Span returns the document span the region covers.
func (r *Region) Span() (start, end int) {
	return r.Map.File(0), r.Map.File(len(r.Text))
}

// Cell is a Jupyter cell's place in Document.Text.
type Cell struct {
	Index      int // 1-based among all cells of the notebook, markdown included
	Start, End int // [Start, End) in Document.Text
	Code       bool
}

// Document is one parsed file.
type Document struct {
	Path   string
	Format Format
	// Text is what positions refer to: the file's bytes, or for Jupyter the
	// code cells' sources joined by newlines.
	Text    []byte
	Regions []Region // in execution order
	Cells   []Cell   // Jupyter only
	// EOL is the file's line ending ("\n" or "\r\n"), for fixes that add lines.
	EOL string
	// Kernel is a Jupyter notebook's kernel name ("python3",
	// "synapse_pyspark"); "" elsewhere.
	Kernel string
	// Databricks says a Jupyter notebook was exported from Databricks: its
	// metadata holds Databricks' own notebook entry.
	Databricks bool
	// Notes are non-fatal remarks for --verbose (skipped cells, say).
	Notes []string
	// Render turns an edited Text back into file bytes; nil means Text is the file.
	Render func(text []byte) ([]byte, error)
	// RenderAt is Render for a caller that knows where each code cell starts
	// in the edited text (cellStarts[i] for the i-th code cell); a line added
	// at a cell boundary then lands in the cell it was meant for.
	RenderAt func(text []byte, cellStarts []int) ([]byte, error)

	// File is the file's own bytes when Text is not (Jupyter), and
	// FileOffset maps an offset in Text to one in File: tools that read the
	// .ipynb as text need positions in its JSON lines.
	File       []byte
	FileOffset func(off int) int
}

// CellAt returns the Jupyter cell holding offset off, or nil.
func (d *Document) CellAt(off int) *Cell {
	i := sort.Search(len(d.Cells), func(i int) bool { return d.Cells[i].End > off })
	if i < len(d.Cells) && d.Cells[i].Start <= off {
		return &d.Cells[i]
	}
	// the very end of the text belongs to the last code cell
	for i := len(d.Cells) - 1; i >= 0; i-- {
		if c := &d.Cells[i]; c.Code {
			if off == c.End {
				return c
			}
			break
		}
	}
	return nil
}
