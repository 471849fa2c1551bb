// Package notebook cuts notebooks into document regions: Databricks source
// notebooks (.py and .sql exports whose cells are separated by COMMAND lines)
// and Jupyter .ipynb files.
package notebook

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/lakelint/lakelint/parsers/document"
)

// dialect is how a Databricks source notebook of one host language is written.
type dialect struct {
	format    document.Format
	lang      document.Lang // language of cells without a magic command
	header    string
	separator string
	magic     string // marks a line of a cell in another language
	prefix    string // the marker as it starts a line: Region.LinePrefix
	// banners are, besides separator, the lines that start a cell: a
	// Fabric notebook marks each cell, and its metadata, with one
	banners []string
	// cellMagics are the language switches of the dialect's magic cells
	// beyond %sql and %python (Fabric's %%sql, %%pyspark)
	cellMagics map[string]document.Lang
	// metaBanner starts the metadata of the cell above: no cell of its own
	metaBanner string
	// title starts the line that titles a cell ("# DBTITLE 1,Load"), which
	// comes before its marker lines
	title string
	// bare is set for cells whose markers an export took off, leaving the
	// space after them (" %sql", " SELECT ..."): a line's marker is its
	// first spaces, up to as many as indent the language switch
	bare int
}

var (
	pythonDialect = dialect{
		format:    document.DatabricksPython,
		lang:      document.Python,
		header:    "# Databricks notebook source",
		separator: "# COMMAND ----------",
		magic:     "# MAGIC",
		prefix:    "# MAGIC ",
		title:     "# DBTITLE",
	}
	// fabricDialect is a Microsoft Fabric notebook as git keeps it
	// (notebook-content.py): each cell starts with a banner line, its
	// metadata and markdown are comment lines, a %%sql cell is MAGIC lines
	fabricDialect = dialect{
		format:    document.FabricPython,
		lang:      document.Python,
		header:    "# Fabric notebook source",
		separator: "# CELL ********************",
		magic:     "# MAGIC",
		prefix:    "# MAGIC ",
		banners: []string{"# METADATA ********************", "# MARKDOWN ********************",
			"# PARAMETERS CELL ********************"},
		cellMagics: map[string]document.Lang{"%%sql": document.SQL, "%%pyspark": document.Python},
		metaBanner: "# METADATA ********************",
	}
	sqlDialect = dialect{
		format:    document.DatabricksSQL,
		lang:      document.SQL,
		header:    "-- Databricks notebook source",
		separator: "-- COMMAND ----------",
		magic:     "-- MAGIC",
		prefix:    "-- MAGIC ",
		title:     "-- DBTITLE",
	}
)

// IsDatabricksPython reports whether src starts with the header of a
// Databricks Python source notebook (after an optional byte order mark).
func IsDatabricksPython(src []byte) bool { return pythonDialect.hasHeader(src) }

// IsFabricPython reports whether src starts with the header of a Microsoft
// Fabric notebook kept in git.
func IsFabricPython(src []byte) bool { return fabricDialect.hasHeader(src) }

// FabricPython cuts a Fabric notebook-content.py into regions.
func FabricPython(path string, src []byte) *document.Document {
	return fabricDialect.parse(path, src)
}

// IsDatabricksSQL reports whether src starts with the header of a Databricks
// SQL source notebook.
func IsDatabricksSQL(src []byte) bool { return sqlDialect.hasHeader(src) }

// DatabricksPython cuts a Databricks .py notebook into regions. Text is src
// itself (not copied); plain cells alias it.
func DatabricksPython(path string, src []byte) *document.Document {
	return pythonDialect.parse(path, src)
}

// DatabricksSQL cuts a Databricks .sql notebook into regions.
func DatabricksSQL(path string, src []byte) *document.Document {
	return sqlDialect.parse(path, src)
}

func (d *dialect) hasHeader(src []byte) bool {
	start := BOMLen(src)
	end, _ := nextLine(src, start)
	return string(trimRightSpace(src[start:end])) == d.header
}

func (d *dialect) parse(path string, src []byte) *document.Document {
	doc := &document.Document{Path: path, Format: d.format, Text: src, EOL: LineEnding(src)}
	_, pos := nextLine(src, BOMLen(src)) // the header line belongs to no cell
	cell, cellStart := 1, pos
	if d.banners != nil {
		cell = 0 // a Fabric notebook's first cell starts at its first banner
	}
	meta := false // the lines are a cell's metadata, not a cell
	for pos < len(src) {
		end, next := nextLine(src, pos)
		if d.isSeparator(src[pos:end]) {
			if !meta {
				d.addCell(doc, cell, cellStart, pos)
			}
			meta = d.metaBanner != "" && string(trimRightSpace(src[pos:end])) == d.metaBanner
			if !meta {
				cell++
			}
			cellStart = next
		}
		pos = next
	}
	if !meta {
		d.addCell(doc, cell, cellStart, len(src))
	}
	return doc
}

func (d *dialect) isSeparator(line []byte) bool {
	if len(line) < len(d.separator) && d.banners == nil {
		return false
	}
	l := string(trimRightSpace(line))
	return l == d.separator || slices.Contains(d.banners, l)
}

// magicPrefixLen returns how many bytes of the line are the magic marker and
// the space after it, or -1 when the line does not carry the marker.
func (d *dialect) magicPrefixLen(line []byte) int {
	if d.bare > 0 {
		n := 0
		for n < d.bare && n < len(line) && line[n] == ' ' {
			n++
		}
		if n == 0 && len(line) > 0 && line[0] != '\r' && line[0] != '\n' {
			return -1
		}
		return n
	}
	if !bytes.HasPrefix(line, []byte(d.magic)) {
		return -1
	}
	n := len(d.magic)
	switch {
	case n == len(line):
		return n
	case line[n] == ' ':
		return n + 1
	case line[n] == '\r' || line[n] == '\n':
		return n
	}
	return -1
}

// addCell adds the regions of the cell src[start:end], separator lines excluded.
func (d *dialect) addCell(doc *document.Document, cell, start, end int) {
	text := doc.Text[start:end]
	if isBlank(text) {
		return
	}
	if d.isMagicCell(text) {
		d.addMagicCell(doc, cell, start, end)
		return
	}
	if n := d.strippedMagicCell(text); n > 0 {
		bare := *d
		bare.bare, bare.prefix = n, " "
		bare.addMagicCell(doc, cell, start, end)
		return
	}
	if d.lang == document.Python {
		// the notebook runs Python cells through IPython: a %pip or !cmd
		// line inside one (in a try block, say) is not Python
		addPythonCell(doc, cell, start, end, false)
		return
	}
	doc.Regions = append(doc.Regions, document.Region{
		Lang: d.lang, Text: text, Map: document.Identity(start, len(text)), Cell: cell,
	})
}

// isTitle reports whether line titles a cell.
func (d *dialect) isTitle(line []byte) bool {
	return d.title != "" && bytes.HasPrefix(line, []byte(d.title))
}

// strippedMagicCell is, for a cell whose markers an export took off, how
// many spaces indent its language switch (" %sql", after the title), every
// other line indented too; 0 for other cells.
func (d *dialect) strippedMagicCell(text []byte) int {
	if d.title == "" {
		return 0
	}
	indent := 0
	for pos := 0; pos < len(text); {
		end, next := nextLine(text, pos)
		line := text[pos:end]
		pos = next
		if isBlank(line) || indent == 0 && d.isTitle(line) {
			continue
		}
		if indent == 0 {
			command := trimLeftSpace(line)
			indent = len(line) - len(command)
			word, _ := firstWord(command)
			_, lang := magicLanguage(string(word))
			if indent == 0 || indent > 4 || !lang && !foreignCellCommand(string(word)) {
				return 0
			}
			continue
		}
		if line[0] != ' ' {
			return 0
		}
	}
	return indent
}

// isMagicCell reports whether every non-blank line of text carries the
// marker, but for the title line.
func (d *dialect) isMagicCell(text []byte) bool {
	for pos := 0; pos < len(text); {
		end, next := nextLine(text, pos)
		line := text[pos:end]
		if !isBlank(line) && d.magicPrefixLen(line) < 0 && !d.isTitle(line) {
			return false
		}
		pos = next
	}
	return true
}

// addMagicCell handles a cell written as "# MAGIC" lines: its first line
// names the language with %sql, %python, %md...
func (d *dialect) addMagicCell(doc *document.Document, cell, start, end int) {
	src := doc.Text
	pos := start
	for pos < end { // skip the blank lines and the title before the command
		lineEnd, next := nextLine(src[:end], pos)
		if !isBlank(src[pos:lineEnd]) && !d.isTitle(src[pos:lineEnd]) {
			break
		}
		pos = next
	}
	firstEnd, next := nextLine(src[:end], pos)
	content := pos + d.magicPrefixLen(src[pos:firstEnd])
	command := trimLeftSpace(src[content:firstEnd])
	if len(command) == 0 || command[0] != '%' {
		// marker lines without a language switch: comments in the host language
		doc.Regions = append(doc.Regions, document.Region{
			Lang: d.lang, Text: src[start:end], Map: document.Identity(start, end-start), Cell: cell,
		})
		return
	}
	word, rest := firstWord(command)
	lang, ok := magicLanguage(string(word))
	if l, known := d.cellMagics[string(word)]; known {
		lang, ok = l, true
	}
	if !ok {
		doc.Notes = append(doc.Notes, fmt.Sprintf("cell %d: %s skipped", cell, word))
		return
	}
	r := document.Region{Lang: lang, Cell: cell, LinePrefix: d.prefix}
	r.Map = make(document.PosMap, 0, bytes.Count(src[pos:end], []byte{'\n'})+1) // a segment a line
	text := make([]byte, 0, end-pos)
	// code on the command line itself ("%sql SELECT 1") starts the region
	if rest = trimLeftSpace(rest); len(rest) > 0 {
		from := firstEnd - len(rest)
		r.Map = append(r.Map, document.Segment{Region: 0, File: from, Len: next - from})
		text = append(text, src[from:next]...)
	}
	// the rest of the cell up to its last marker line, markers stripped
	kept := len(text)
	keptMap := len(r.Map)
	for pos = next; pos < end; pos = next {
		lineEnd, lineNext := nextLine(src[:end], pos)
		next = lineNext
		from := pos
		if n := d.magicPrefixLen(src[pos:lineEnd]); n >= 0 {
			from += n
		}
		r.Map = append(r.Map, document.Segment{Region: len(text), File: from, Len: next - from})
		text = append(text, src[from:next]...)
		if from != pos {
			kept, keptMap = len(text), len(r.Map)
		}
	}
	r.Text, r.Map = text[:kept], r.Map[:keptMap]
	var sql [][2]int
	orig := r.Text
	if lang == document.Python {
		// a %python cell runs through IPython like any other: its %timeit
		// or !cmd lines are not Python
		r.Text, sql = blankIPython(r.Text, true)
	}
	if !isBlank(r.Text) {
		doc.Regions = append(doc.Regions, r)
	}
	for _, sp := range sql {
		doc.Regions = append(doc.Regions, document.Region{
			Lang: document.SQL, Text: orig[sp[0]:sp[1]], Map: r.Map.Compose(document.Identity(sp[0], sp[1]-sp[0])),
			Cell: cell, LinePrefix: d.prefix,
		})
	}
}
