// Package parsers turns a file into a document.Document: it decides the format
// from the file name and the first line and hands notebooks to package notebook.
package parsers

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/notebook"
)

// Load returns the document of the file at path whose bytes are src. For .py
// and .sql files the document's Text is src itself (kept, not copied). The
// error, for an unsupported extension or a broken .ipynb, does not repeat the
// path.
func Load(path string, src []byte) (*document.Document, error) {
	ext := strings.ToLower(filepath.Ext(path))
	if ext == ".hql" {
		ext = ".sql" // Hive's scripts, which Spark runs too (spark-sql -f)
	}
	if ext == ".py" || ext == ".sql" {
		if text, onlyCR := loneCRsAsLF(src); text != nil {
			doc, err := load(path, ext, text)
			if err == nil && onlyCR {
				doc.EOL = "\r"
				doc.Render = crLines
			}
			return doc, err
		}
	}
	return load(path, ext, src)
}

// loneCRsAsLF is src with each carriage return that ends a line on its own
// turned into a line feed, or nil when it has none. Python (and Spark's SQL
// reader) take a lone CR as a line ending, as they do LF and CRLF; the
// parsers, positions and noqa comments know LF, and the swap keeps every
// offset. onlyCR says no line of src ended otherwise: such a file is
// written back with CRs (crLines); one that mixes endings gets LF for its
// lone CRs when fixed, which means the same to Python and SQL.
func loneCRsAsLF(src []byte) (text []byte, onlyCR bool) {
	for i, c := range src {
		if c == '\r' && (i+1 == len(src) || src[i+1] != '\n') {
			if text == nil {
				text = bytes.Clone(src)
				onlyCR = bytes.IndexByte(src, '\n') < 0
			}
			text[i] = '\n'
		}
	}
	return text, onlyCR
}

// crLines is the Render of a file whose lines end in lone CRs: its text, read
// with LFs, written back with CRs.
func crLines(text []byte) ([]byte, error) {
	return bytes.ReplaceAll(text, []byte("\n"), []byte("\r")), nil
}

func load(path, ext string, src []byte) (*document.Document, error) {
	switch ext {
	case ".py":
		if notebook.IsDatabricksPython(src) {
			return notebook.DatabricksPython(path, src), nil
		}
		if notebook.IsFabricPython(src) {
			return notebook.FabricPython(path, src), nil
		}
		if doc := pastedCells(path, src); doc != nil {
			return doc, nil
		}
		return plain(path, src, document.PlainPython, document.Python), nil
	case ".sql":
		if notebook.IsDatabricksSQL(src) {
			return notebook.DatabricksSQL(path, src), nil
		}
		return plain(path, src, document.PlainSQL, document.SQL), nil
	case ".ipynb":
		return notebook.Jupyter(path, src)
	default:
		return nil, fmt.Errorf("unsupported file type %q (want .py, .sql, .hql or .ipynb)", ext)
	}
}

// Extensions are those of the files lakelint reads: Python, Spark SQL
// (.sql, and Hive's .hql scripts, which Spark runs too) and Jupyter
// notebooks.
var Extensions = []string{".py", ".sql", ".hql", ".ipynb"}

// Lintable reports whether lakelint reads files with this name.
func Lintable(name string) bool {
	return slices.Contains(Extensions, strings.ToLower(filepath.Ext(name)))
}

// plain is a file of one language: a single region over all of it, after a
// byte order mark if there is one.
func plain(path string, src []byte, format document.Format, lang document.Lang) *document.Document {
	start := notebook.BOMLen(src)
	return &document.Document{
		Path:    path,
		Format:  format,
		Text:    src,
		EOL:     notebook.LineEnding(src),
		Regions: []document.Region{{Lang: lang, Text: src[start:], Map: document.Identity(start, len(src)-start)}},
	}
}

// pastedCells reads a plain .py file that holds notebook cells pasted one
// after another, without the notebook header: a line that is only a %sql
// magic (any case) starts SQL, which runs to the next line that is a
// Python comment (#) or a magic, or that follows a blank line and starts
// like Python; the stretches between are Python, and other magic lines
// are left out. Such a file is no Python as a whole (a magic line is
// a syntax error), so nothing that parses is read differently. Nil when
// the file has no %sql line.
func pastedCells(path string, src []byte) *document.Document {
	type line struct{ start, end int } // end before the line break
	var lines []line
	magic := func(l line) bool { return l.end > l.start && src[l.start] == '%' }
	isSQL := func(l line) bool {
		return magic(l) && strings.EqualFold(strings.TrimSpace(string(src[l.start+1:l.end])), "sql")
	}
	if !hasSQLMagic(src) {
		return nil
	}
	found := false
	for i := notebook.BOMLen(src); i < len(src); {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			j = len(src) - i
		}
		l := line{i, i + j}
		if l.end > l.start && src[l.end-1] == '\r' {
			l.end--
		}
		found = found || isSQL(l)
		lines = append(lines, l)
		i += j + 1
	}
	if !found {
		return nil
	}
	doc := &document.Document{Path: path, Format: document.PlainPython, Text: src, EOL: notebook.LineEnding(src)}
	add := func(lang document.Lang, from, to int) {
		if to > from && len(bytes.TrimSpace(src[from:to])) > 0 {
			doc.Regions = append(doc.Regions, document.Region{Lang: lang, Text: src[from:to], Map: document.Identity(from, to-from)})
		}
	}
	pyFrom := notebook.BOMLen(src)
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if !magic(l) {
			continue
		}
		add(document.Python, pyFrom, l.start)
		pyFrom = min(l.end+1, len(src))
		if !isSQL(l) {
			continue
		}
		// the SQL runs to the next Python comment or magic (SQL's own
		// comments are --), or to a line after a blank one that starts
		// like Python; its blank lines are kept but for the last
		k, last := i+1, i
		for ; k < len(lines); k++ {
			n := lines[k]
			text := bytes.TrimSpace(src[n.start:n.end])
			if magic(n) || len(text) > 0 && text[0] == '#' || k > last+1 && pythonStart(text) {
				break
			}
			if len(text) > 0 {
				last = k
			}
		}
		if last > i {
			add(document.SQL, lines[i+1].start, lines[last].end)
			pyFrom = min(lines[last].end+1, len(src))
		}
		i = k - 1
	}
	add(document.Python, pyFrom, len(src))
	return doc
}

// hasSQLMagic reports whether some line of src is a %sql magic, without
// splitting src into lines: most files have no line that starts with %.
func hasSQLMagic(src []byte) bool {
	for i := 0; i < len(src); {
		if src[i] == '%' {
			end := bytes.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src) - i
			}
			if strings.EqualFold(strings.TrimSpace(string(src[i+1:i+end])), "sql") {
				return true
			}
		}
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			return false
		}
		i += j + 1
	}
	return false
}

// pythonStart reports whether a line starts as a Python statement and no
// SQL one does: a name followed by an assignment, a call or an attribute
// (df = ..., spark.sql(...), display(df)).
func pythonStart(line []byte) bool {
	i := 0
	for i < len(line) && (line[i] == '_' || 'a' <= line[i]|0x20 && line[i]|0x20 <= 'z' || i > 0 && '0' <= line[i] && line[i] <= '9') {
		i++
	}
	if i == 0 {
		return false
	}
	for i < len(line) && line[i] == ' ' {
		i++
	}
	if i == len(line) {
		return false
	}
	switch line[i] {
	case '.', '(':
		return true
	case '=':
		return i+1 == len(line) || line[i+1] != '='
	}
	return false
}
