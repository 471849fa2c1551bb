package notebook

import (
	"bytes"
	"slices"
	"strings"

	"github.com/lakelint/lakelint/parsers/document"
)

// Run is a `%run ./path` line of a notebook.
type Run struct {
	Path       string // as written, quotes removed ("./Includes/setup")
	Start, End int    // the line, in the text
	// Args are the widget values the line passes ($env="dev"), in order,
	// quotes removed; a value that is not one word or one quoted string
	// ends them.
	Args []Arg
}

// Arg is one $name=value argument of a %run line.
type Arg struct{ Name, Value string }

// Runs finds the %run lines of a notebook's text, in order: in a Databricks
// source file (after "# MAGIC" or "-- MAGIC") or a cell of its own.
func Runs(text []byte) []Run {
	if !bytes.Contains(text, []byte("%run")) {
		return nil
	}
	var out []Run
	for off := 0; off < len(text); {
		end := bytes.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += off
		}
		line := bytes.TrimSpace(text[off:end])
		for _, p := range [][]byte{[]byte("# MAGIC"), []byte("-- MAGIC")} {
			line = bytes.TrimSpace(bytes.TrimPrefix(line, p))
		}
		if rest, ok := bytes.CutPrefix(line, []byte("%run ")); ok {
			if f := bytes.Fields(rest); len(f) > 0 {
				out = append(out, Run{Path: strings.Trim(string(f[0]), `"'`), Start: off, End: end, Args: runArgs(f[1:])})
			}
		}
		off = end + 1
	}
	return out
}

// runArgs reads the $name=value words after a %run path.
func runArgs(words [][]byte) []Arg {
	var out []Arg
	for _, w := range words {
		name, value, ok := bytes.Cut(w, []byte("="))
		if !ok || len(name) < 2 || name[0] != '$' {
			break
		}
		v := string(value)
		if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
			v = v[1 : len(v)-1]
		} else if strings.ContainsAny(v, `"'`) {
			break // a quoted value with spaces: not followed
		}
		out = append(out, Arg{Name: string(name[1:]), Value: v})
	}
	return out
}

// RunsOf finds the notebook's %run lines (see Runs) and, in a Jupyter
// notebook, the cells of one line that call %run without its % ("run
// ./setup.ipynb"): IPython's automagic runs those as %run too.
func RunsOf(doc *document.Document) []Run {
	out := Runs(doc.Text)
	if doc.Format != document.Jupyter {
		return out
	}
	for _, c := range doc.Cells {
		text := doc.Text[c.Start:c.End]
		if !c.Code || !oneLine(text) {
			continue
		}
		lead := len(text) - len(trimLeftSpace(text))
		line := bytes.TrimRight(text[lead:], " \t\r\n")
		word, rest := firstWord(line)
		if string(word) != "run" || !bareLineMagic(line) {
			continue
		}
		if f := bytes.Fields(rest); len(f) > 0 && f[0][0] != '-' {
			out = append(out, Run{Path: strings.Trim(string(f[0]), `"'`), Start: c.Start + lead, End: c.Start + lead + len(line), Args: runArgs(f[1:])})
		}
	}
	slices.SortFunc(out, func(a, b Run) int { return a.Start - b.Start })
	return out
}
