package output

import (
	"bufio"

	"github.com/lakelint/lakelint/finding"
)

// concisePrinter prints one line per finding and nothing else, for grep and
// editors' error lists:
//
//	path:line:col: LL101 [*] message
//
// Lines and columns are the file's own, so a notebook finding points at
// its .ipynb JSON line (the cell is named in the message).
type concisePrinter struct{ opts Options }

func (c concisePrinter) file(w *bufio.Writer, findings []*finding.Finding) error {
	for _, f := range findings {
		start, _ := f.InFile()
		w.WriteString(printable(f.Path) + ":" + itoa(max(start.Line, 1)) + ":" + itoa(max(start.Column, 1)) + ": " + f.Code)
		if fixable(f, c.opts) {
			w.WriteString(" [*]")
		}
		w.WriteString(" " + printable(notebookPrefix(f)+f.Message) + "\n")
	}
	return nil
}

func (concisePrinter) end(*bufio.Writer) error { return nil }
