package notebook

import (
	"bytes"
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
	text, spans := blankIPython(doc.Text[start:end], sqlMagics)
	if !isBlank(text) {
		m := document.Identity(start, len(text))
		if t, tm, ok := leadingIndent(text, start); ok {
			text, m = t, tm
		}
		doc.Regions = append(doc.Regions, document.Region{
			Lang: document.Python, Text: text, Map: m, Cell: cell,
		})
	}
	for _, sp := range spans {
		from, to := start+sp[0], start+sp[1]
		doc.Regions = append(doc.Regions, document.Region{
			Lang: document.SQL, Text: doc.Text[from:to], Map: document.Identity(from, to-from), Cell: cell,
		})
	}
}

// leadingIndent is a cell whose first line is indented as IPython runs
// it: that indentation taken off every line that starts with it, each line
// mapped to where it stands in the file (base is the cell's offset). It is
// false when the first line is not indented.
func leadingIndent(text []byte, base int) ([]byte, document.PosMap, bool) {
	pos := 0
	for pos < len(text) {
		lineEnd, next := nextLine(text, pos)
		if !isBlank(text[pos:lineEnd]) {
			break
		}
		pos = next
	}
	n := 0
	for pos+n < len(text) && (text[pos+n] == ' ' || text[pos+n] == '\t') {
		n++
	}
	if n == 0 || pos+n >= len(text) {
		return nil, nil, false
	}
	ws := text[pos : pos+n]
	out := make([]byte, 0, len(text))
	var m document.PosMap
	for at := 0; at < len(text); {
		_, next := nextLine(text, at)
		from := at
		if bytes.HasPrefix(text[at:next], ws) {
			from += n
		}
		m = append(m, document.Segment{Region: len(out), File: base + from, Len: next - from})
		out = append(out, text[from:next]...)
		at = next
	}
	return out, m, true
}

// blankIPython returns text with its IPython lines (%magic, !shell,
// x = %magic) replaced by spaces, offsets unchanged (text itself when it has
// none), and the spans of text that "%sql" line magics hand to Spark SQL
// (none when sqlMagics is false).
func blankIPython(text []byte, sqlMagics bool) ([]byte, [][2]int) {
	var blanked []byte // a copy of text, made at the first IPython line
	var sql [][2]int
	var logical pylines.State
	shell := false // the last IPython line goes on past its backslash
	alone := oneLine(text)
	for pos := 0; pos < len(text); {
		lineEnd, next := nextLine(text, pos)
		line := text[pos:lineEnd]
		magicAt, ok := ipythonLine(line, alone)
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
					sql = append(sql, [2]int{pos + from, lineEnd})
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
	return text, sql
}

// ipythonLine reports whether line is IPython syntax rather than Python: its
// first non-blank character is % or !, or it assigns one ("rows = %sql ...",
// "files = !ls"), or it asks for help ("df.write?", "??spark.read"), or it
// calls a line magic without its % ("run ./setup.ipynb") when it is the only
// line of its cell (alone). magicAt is the offset of that % or ! (or ?).
func ipythonLine(line []byte, alone bool) (magicAt int, ok bool) {
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
	if automagic(line[i:]) || alone && bareLineMagic(line[i:]) {
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

// bareLineMagic reports whether code calls one of IPython's line magics
// without its %: a magic's name, a space, and arguments that do not carry on
// a Python expression ("run ./setup.ipynb", "cd /dbfs/tmp", "timeit f(x)").
// IPython does this (automagic, on by default) only for a cell of one line,
// and only where the line is not Python: "time = 5" and "cd in dirs" stay
// Python.
func bareLineMagic(code []byte) bool {
	word, rest := firstWord(code)
	if !lineMagics[string(word)] || len(rest) == 0 {
		return false
	}
	rest = trimLeftSpace(rest)
	if len(rest) == 0 || strings.IndexByte("=,&^|*/+-<>%@.([:;!", rest[0]) >= 0 && !pathOrFlag(rest) {
		return false // an operator carries on an expression
	}
	next, _ := firstWord(rest)
	return !pythonKeywords[strings.TrimRight(string(next), "\r")]
}

// pathOrFlag reports whether a magic's arguments start with a path or a flag
// ("./setup", "../x", "/dbfs/tmp", "-la"), not with an operator.
func pathOrFlag(rest []byte) bool {
	if len(rest) < 2 {
		return false
	}
	switch rest[0] {
	case '.':
		return rest[1] == '/' || rest[1] == '.'
	case '/':
		return !isSpace(rest[1]) && rest[1] != '/' && rest[1] != '='
	case '-':
		return isNameByte(rest[1]) || rest[1] == '-'
	}
	return false
}

// lineMagics are IPython's line magics and the shell aliases it defines,
// which automagic calls without their %.
var lineMagics = setOf("alias alias_magic autoawait autocall automagic autosave bookmark cat cd clear colors " +
	"conda config cp debug dhist dirs doctest_mode ed edit env gui hist history killbgscripts ldir less lf lk ll " +
	"load load_ext loadpy logoff logon logstart logstate logstop ls lsmagic lx macro magic man matplotlib mkdir " +
	"more mv notebook page pastebin pdb pdef pdoc pfile pinfo pinfo2 pip popd pprint precision prun psearch " +
	"psource pushd pwd pycat pylab quickref recall rehashx reload_ext rep rerun reset reset_selective rm rmdir " +
	"run save sc set_env store sx system tb time timeit unalias unload_ext who who_ls whos xdel xmode")

// pythonKeywords are the words that, after a name, carry on a Python
// expression or statement ("run if ok else stop", "cd in dirs").
var pythonKeywords = setOf("and as else for if in is not or")

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// oneLine reports whether a cell's text holds one line that is not blank:
// IPython applies automagic only to such a cell.
func oneLine(text []byte) bool {
	lines := 0
	for pos := 0; pos < len(text); {
		end, next := nextLine(text, pos)
		if !isBlank(text[pos:end]) {
			lines++
		}
		pos = next
	}
	return lines == 1
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
