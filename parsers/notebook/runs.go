package notebook

import (
	"bytes"
	"strings"
)

// Run is a `%run ./path` line of a notebook.
type Run struct {
	Path       string // as written, quotes removed ("./Includes/setup")
	Start, End int    // the line, in the text
}

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
				out = append(out, Run{Path: strings.Trim(string(f[0]), `"'`), Start: off, End: end})
			}
		}
		off = end + 1
	}
	return out
}
