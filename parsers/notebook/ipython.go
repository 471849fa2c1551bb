package notebook

import (
	"fmt"
	"strings"

	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/pylines"
)

// addJupyterCell adds the regions of one code cell. lang is the notebook's
// language, 0 when lakelint does not read it; otherSQL says that %%sql
// cells go to another database (ipython-sql).
func addJupyterCell(doc *document.Document, c *document.Cell, lang document.Lang, otherSQL bool) {
	firstEnd, next := nextLine(doc.Text[:c.End], c.Start)
	word, rest := firstWord(trimLeftSpace(doc.Text[c.Start:firstEnd]))
	switch {
	case otherSQL && (string(word) == "%%sql" || string(word) == "%sql"):
		doc.Notes = append(doc.Notes, fmt.Sprintf("cell %d: %s runs through ipython-sql (%%load_ext sql), another database than Spark: skipped", c.Index, word))
		return
	case string(word) == "%%sql" || string(word) == "%sql" && isBlank(rest):
		// a cell magic (or a Databricks "%sql" line alone) makes the rest SQL
		addIdentityRegion(doc, document.SQL, c.Index, next, c.End)
		return
	case foreignCellCommand(string(word)) || strings.HasPrefix(string(word), "%%") && !pythonCellMagic(string(word)):
		doc.Notes = append(doc.Notes, fmt.Sprintf("cell %d: %s skipped", c.Index, word))
		return
	case string(word) == "%python" && isBlank(rest):
		lang = document.Python // Databricks switch in a SQL notebook; the line is blanked below
	}
	switch lang {
	case document.Python:
		addPythonCell(doc, c.Index, c.Start, c.End, !otherSQL)
	case document.SQL:
		addIdentityRegion(doc, document.SQL, c.Index, c.Start, c.End)
	}
}

// addIdentityRegion adds doc.Text[start:end] as a region unless it is blank.
func addIdentityRegion(doc *document.Document, lang document.Lang, cell, start, end int) {
	text := doc.Text[start:end]
	if isBlank(text) {
		return
	}
	doc.Regions = append(doc.Regions, document.Region{
		Lang: lang, Text: text, Map: document.Identity(start, len(text)), Cell: cell,
	})
}

// addPythonCell adds a Python region for the cell doc.Text[start:end] in
// which IPython lines (%magic, !shell, x = %magic) are replaced by spaces, so
// that offsets stay the same and the Python parser sees valid code. A "%sql"
// line magic also becomes a SQL region of its own, unless sqlMagics is false
// (ipython-sql sends it to another database).
func addPythonCell(doc *document.Document, cell, start, end int, sqlMagics bool) {
	text := doc.Text[start:end]
	var blanked []byte // a copy of text, made at the first IPython line
	var sql []document.Region
	var logical pylines.State
	shell := false // the last IPython line goes on past its backslash
	for pos := 0; pos < len(text); {
		lineEnd, next := nextLine(text, pos)
		line := text[pos:lineEnd]
		magicAt, ok := ipythonLine(line)
		if shell || ok && !logical.Continued() {
			shell = endsInBackslash(line)
			if !ok {
				magicAt = -1 // a continuation: part of the command above
			}
			if blanked == nil {
				blanked = append([]byte(nil), text...)
			}
			for i := pos; i < lineEnd; i++ {
				blanked[i] = ' '
			}
			if stmt := pos + len(line) - len(trimLeftSpace(line)); magicAt >= 0 && logical.Last == ':' && stmt > pos && stmt+len("pass") <= lineEnd {
				// the IPython line starts a block's body, which may be
				// all of it: a statement Python can read stands in its place
				copy(blanked[stmt:], "pass")
			}
			if magicAt >= 0 {
				if from, ok := sqlLineMagic(line, magicAt); ok && sqlMagics {
					from += start + pos
					to := start + lineEnd
					sql = append(sql, document.Region{
						Lang: document.SQL, Text: doc.Text[from:to], Map: document.Identity(from, to-from), Cell: cell,
					})
				}
			}
		} else {
			logical.Scan(line)
		}
		pos = next
	}
	if blanked != nil {
		text = blanked
	}
	if !isBlank(text) {
		doc.Regions = append(doc.Regions, document.Region{
			Lang: document.Python, Text: text, Map: document.Identity(start, len(text)), Cell: cell,
		})
	}
	doc.Regions = append(doc.Regions, sql...)
}

// ipythonLine reports whether line is IPython syntax rather than Python: its
// first non-blank character is % or !, or it assigns one ("rows = %sql ...",
// "files = !ls"), or it asks for help ("df.write?", "??spark.read").
// magicAt is the offset of that % or ! (or ?).
func ipythonLine(line []byte) (magicAt int, ok bool) {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i < len(line) && (line[i] == '%' || line[i] == '!') {
		return i, true
	}
	if at, ok := helpLine(line, i); ok {
		return at, true
	}
	if automagic(line[i:]) {
		return i, true
	}
	// targets: names and commas, then a single "="
	sawName := false
	for i < len(line) && (isNameByte(line[i]) || line[i] == ',' || line[i] == ' ' || line[i] == '\t') {
		sawName = sawName || isNameByte(line[i])
		i++
	}
	if !sawName || i+1 >= len(line) || line[i] != '=' || line[i+1] == '=' {
		return 0, false
	}
	for i++; i < len(line) && (line[i] == ' ' || line[i] == '\t'); i++ {
	}
	if i < len(line) && (line[i] == '%' || line[i] == '!') {
		return i, true
	}
	return 0, false
}

// automagic reports whether code is a package magic called without its %
// ("pip install -q x", "conda install y"), which IPython runs as %pip
// since automagic is on by default. Python reads a name followed by
// another name as a syntax error, so no Python line is taken for one; the
// subcommand is checked so that "pip in names" stays a comparison.
func automagic(code []byte) bool {
	word, rest := firstWord(code)
	if string(word) != "pip" && string(word) != "conda" || len(rest) == 0 || rest[0] != ' ' && rest[0] != '\t' {
		return false
	}
	sub, _ := firstWord(trimLeftSpace(rest))
	return packageCommands[strings.TrimRight(string(sub), "\r")]
}

// packageCommands are the pip and conda subcommands a notebook runs.
var packageCommands = map[string]bool{
	"install": true, "uninstall": true, "list": true, "show": true, "freeze": true,
	"download": true, "remove": true, "update": true, "create": true, "env": true,
}

// helpLine reports whether line, whose code starts at i, is an IPython
// help request: "?name", "??name", "name?", "name??". No Python line starts
// or ends with a ?, outside a string or a comment, which such a line has none of.
func helpLine(line []byte, i int) (int, bool) {
	code := line[i:]
	for len(code) > 0 && isSpace(code[len(code)-1]) {
		code = code[:len(code)-1]
	}
	if len(code) < 2 || strings.ContainsAny(string(code), "#'\"") {
		return 0, false
	}
	if code[0] == '?' {
		return i, true
	}
	if code[len(code)-1] == '?' {
		return i + len(code) - 1, true
	}
	return 0, false
}

// endsInBackslash reports whether a line is continued by a final backslash.
func endsInBackslash(line []byte) bool {
	for len(line) > 0 && isSpace(line[len(line)-1]) {
		line = line[:len(line)-1]
	}
	return len(line) > 0 && line[len(line)-1] == '\\'
}

// sqlLineMagic returns where the query of a "%sql <query>" line magic at
// magicAt starts, if the line is one and the query is not empty.
func sqlLineMagic(line []byte, magicAt int) (int, bool) {
	word, rest := firstWord(line[magicAt:])
	if string(word) != "%sql" {
		return 0, false
	}
	query := trimLeftSpace(rest)
	if isBlank(query) {
		return 0, false
	}
	return len(line) - len(query), true
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}
