package output

import (
	"bufio"
	"strconv"
	"strings"

	"github.com/lakelint/lakelint/finding"
)

// githubPrinter prints GitHub Actions workflow commands, which the runner
// turns into annotations on the pull request:
//
//	::warning file=jobs/etl.py,line=3,col=5,endLine=3,endColumn=20,title=LL101 (rule)::message
//
// Notebook positions are relative to a cell, not to lines of the .ipynb
// file, so those findings are annotated on the file with the cell, line and
// column put in the message.
type githubPrinter struct{}

func (githubPrinter) end(*bufio.Writer) error { return nil }

func (githubPrinter) file(w *bufio.Writer, findings []*finding.Finding) error {
	for _, f := range findings {
		w.WriteString("::" + githubLevel(severity(f)) + " file=" + escapeProperty(f.Path))
		msg := f.Message
		if f.Cell > 0 {
			msg = "cell " + strconv.Itoa(f.Cell) + ", line " + strconv.Itoa(f.Start.Line) +
				", column " + strconv.Itoa(f.Start.Column) + ": " + msg
		} else if f.Start.Line > 0 {
			w.WriteString(",line=" + strconv.Itoa(f.Start.Line) + ",col=" + strconv.Itoa(f.Start.Column))
			if f.End.Line > 0 {
				w.WriteString(",endLine=" + strconv.Itoa(f.End.Line) + ",endColumn=" + strconv.Itoa(f.End.Column))
			}
		}
		title := f.Code
		if f.Rule != "" {
			title += " (" + f.Rule + ")"
		}
		w.WriteString(",title=" + escapeProperty(title) + "::" + escapeData(msg) + "\n")
	}
	return nil
}

func githubLevel(s finding.Severity) string {
	switch s {
	case finding.Error:
		return "error"
	case finding.Warning:
		return "warning"
	}
	return "notice"
}

// Workflow commands end at a newline and split properties at "," and ":",
// so those characters are percent-encoded.
var (
	dataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

func escapeData(s string) string     { return dataEscaper.Replace(s) }
func escapeProperty(s string) string { return propertyEscaper.Replace(s) }
