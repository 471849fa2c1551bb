package output

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/lakelint/lakelint/finding"
)

// githubPrinter prints GitHub Actions workflow commands, which the runner
// turns into annotations on the pull request:
//
//	::warning file=jobs/etl.py,line=3,col=5,endColumn=20,title=LL101 (rule)::message
//
// Lines and columns are the file's own (a notebook's JSON lines); columns
// are given only for a range on one line, as the runner reads them. Files
// that could not be linted become warnings too. GitHub shows at most
// annotationLimit annotations of each level per step: with
// Options.StepSummary set, a Markdown summary lists the counts and every
// finding past the limit.
type githubPrinter struct {
	opts   Options
	shown  map[string]int // annotations printed, by level
	counts map[string]int // findings, by code
	names  map[string]string
	hidden []*finding.Finding // past the limit
	total  int
	files  int
	notes  []Notice
}

// annotationLimit is how many annotations of one level GitHub shows per step.
const annotationLimit = 10

func (g *githubPrinter) file(w *bufio.Writer, findings []*finding.Finding) error {
	if g.shown == nil {
		g.shown, g.counts, g.names = map[string]int{}, map[string]int{}, map[string]string{}
	}
	g.files++
	for _, f := range findings {
		level := githubLevel(severity(f))
		g.total++
		g.counts[f.Code]++
		if f.Rule != "" {
			g.names[f.Code] = f.Rule
		}
		if g.shown[level]++; g.shown[level] > annotationLimit {
			g.hidden = append(g.hidden, f)
		}
		w.WriteString("::" + level + " file=" + escapeProperty(findingPath(f, g.opts)))
		start, end := f.InFile()
		if start.Line > 0 {
			w.WriteString(",line=" + itoa(start.Line))
			switch {
			case end.Line > start.Line:
				w.WriteString(",endLine=" + itoa(end.Line))
			default:
				w.WriteString(",col=" + itoa(start.Column))
				if end.Line == start.Line && end.Column > start.Column {
					w.WriteString(",endColumn=" + itoa(end.Column))
				}
			}
		}
		title := f.Code
		if f.Rule != "" {
			title += " (" + f.Rule + ")"
		}
		w.WriteString(",title=" + escapeProperty(title) + "::" + escapeData(notebookPrefix(f)+f.Message) + "\n")
	}
	return nil
}

func (g *githubPrinter) notices(ns []Notice) { g.notes = append(g.notes, ns...) }

func (g *githubPrinter) end(w *bufio.Writer) error {
	for _, n := range g.notes {
		level := "warning"
		if n.Error {
			level = "error"
		}
		w.WriteString("::" + level)
		if n.Path != "" {
			p, _ := projectPath(n.Path, "", g.opts)
			w.WriteString(" file=" + escapeProperty(p) + ",title=" + escapeProperty("lakelint: not linted"))
		} else {
			w.WriteString(" title=lakelint")
		}
		w.WriteString("::" + escapeData(n.Message) + "\n")
	}
	if g.opts.StepSummary == nil {
		return nil
	}
	return g.summary(g.opts.StepSummary)
}

// summary writes the step summary in GitHub-flavoured Markdown.
func (g *githubPrinter) summary(out io.Writer) error {
	w := bufio.NewWriter(out)
	w.WriteString("## lakelint\n\n")
	nothing := ""
	for _, n := range g.notes {
		if n.NothingLinted {
			nothing = n.Message
		}
	}
	switch {
	case g.total == 0 && nothing != "":
		w.WriteString(markdownCell(nothing) + ".\n") // not "No findings": nothing was looked at
	case g.total == 0:
		w.WriteString("No findings.\n")
	default:
		fmt.Fprintf(w, "%s in %s.\n\n", plural(g.total, "finding"), plural(g.files, "file"))
		w.WriteString("| Rule | Name | Findings |\n| --- | --- | ---: |\n")
		codes := make([]string, 0, len(g.counts))
		for c := range g.counts {
			codes = append(codes, c)
		}
		slices.Sort(codes)
		for _, c := range codes {
			name := cmp.Or(g.opts.Rules[c].Name, g.names[c])
			fmt.Fprintf(w, "| %s | %s | %d |\n", markdownCell(c), markdownCell(name), g.counts[c])
		}
	}
	if len(g.hidden) > 0 {
		fmt.Fprintf(w, "\n### Not shown as annotations (%d)\n\nGitHub shows at most %d annotations of each level per step; these are the rest.\n\n",
			len(g.hidden), annotationLimit)
		w.WriteString("| File | Line | Rule | Message |\n| --- | ---: | --- | --- |\n")
		for _, f := range g.hidden {
			start, _ := f.InFile()
			fmt.Fprintf(w, "| %s | %d | %s | %s |\n", markdownCell(findingPath(f, g.opts)), start.Line,
				markdownCell(f.Code), markdownCell(notebookPrefix(f)+f.Message))
		}
	}
	if len(g.notes) > 0 {
		fmt.Fprintf(w, "\n### Not linted (%d)\n\n", len(g.notes))
		for _, n := range g.notes {
			p, _ := projectPath(n.Path, "", g.opts)
			if p != "" {
				p = "`" + strings.ReplaceAll(p, "`", "'") + "`: "
			}
			w.WriteString("- " + p + markdownCell(n.Message) + "\n")
		}
	}
	return w.Flush()
}

// markdownCell keeps text on one table row and out of Markdown and HTML
// syntax.
var markdownCell = strings.NewReplacer(
	"\r\n", " ", "\n", " ", "\r", " ", "|", "\\|", "<", "&lt;", ">", "&gt;", "&", "&amp;",
	"*", "\\*", "_", "\\_", "`", "\\`", "[", "\\[", "]", "\\]",
).Replace

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
