package output

import (
	"bufio"
	"strings"

	"github.com/lakelint/lakelint/finding"
)

// azurePrinter prints Azure Pipelines logging commands, which the agent
// shows as errors and warnings of the step:
//
//	##vso[task.logissue type=warning;sourcepath=jobs/etl.py;linenumber=3;columnnumber=5;code=LL101]message
//
// Azure knows only errors and warnings: info and hints are warnings. Lines
// and columns are the file's own (a notebook's JSON lines). Files that
// could not be linted and the run's other notices are warnings too (errors
// when they fail the run).
type azurePrinter struct {
	opts  Options
	notes []Notice
}

func (a *azurePrinter) file(w *bufio.Writer, findings []*finding.Finding) error {
	for _, f := range findings {
		typ := "warning"
		if severity(f) == finding.Error {
			typ = "error"
		}
		w.WriteString("##vso[task.logissue type=" + typ + ";sourcepath=" + azureProperty(findingPath(f, a.opts)))
		if start, _ := f.InFile(); start.Line > 0 {
			w.WriteString(";linenumber=" + itoa(start.Line))
			if start.Column > 0 {
				w.WriteString(";columnnumber=" + itoa(start.Column))
			}
		}
		w.WriteString(";code=" + azureProperty(f.Code) + "]" + azureData(notebookPrefix(f)+f.Message) + "\n")
	}
	return nil
}

func (a *azurePrinter) notices(ns []Notice) { a.notes = append(a.notes, ns...) }

func (a *azurePrinter) end(w *bufio.Writer) error {
	for _, n := range a.notes {
		typ := "warning"
		if n.Error {
			typ = "error"
		}
		w.WriteString("##vso[task.logissue type=" + typ)
		prefix := "lakelint: "
		if n.Path != "" {
			p, _ := projectPath(n.Path, "", a.opts)
			w.WriteString(";sourcepath=" + azureProperty(p))
			prefix = "lakelint: not linted: "
		}
		w.WriteString("]" + azureData(prefix+n.Message) + "\n")
	}
	return nil
}

// Azure's agent unescapes these in a logging command: "%AZP25" is a
// literal percent sign; a property's value also escapes ";" and "]",
// which would end it or the command.
var (
	azureDataEscaper     = strings.NewReplacer("%", "%AZP25", "\r", "%0D", "\n", "%0A")
	azurePropertyEscaper = strings.NewReplacer("%", "%AZP25", "\r", "%0D", "\n", "%0A", ";", "%3B", "]", "%5D")
)

func azureData(s string) string     { return azureDataEscaper.Replace(s) }
func azureProperty(s string) string { return azurePropertyEscaper.Replace(s) }
