package ledger

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"
)

// WriteJSON writes the ledger as indented JSON.
func (l *Ledger) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(l)
}

// WriteText writes the ledger for a terminal: a block per table.
func (l *Ledger) WriteText(w io.Writer) error {
	var b strings.Builder
	for i, t := range l.Tables {
		if i > 0 {
			b.WriteByte('\n')
		}
		t.writeText(&b)
	}
	fmt.Fprintf(&b, "\n%d table(s)\n", len(l.Tables))
	_, err := io.WriteString(w, b.String())
	return err
}

// Text is the table's block of the text ledger: its title, then a line per
// fact ("  writer       jobs/a.py:7 ...").
func (t *Table) Text() string {
	var b strings.Builder
	t.writeText(&b)
	return b.String()
}

func (t *Table) writeText(b *strings.Builder) {
	b.WriteString(t.Title())
	if t.Name != "" && t.Location != "" {
		b.WriteString(" (" + t.Location + ")")
	}
	b.WriteByte('\n')
	line := func(label, text string) {
		if text != "" {
			fmt.Fprintf(b, "  %-12s %s\n", label, text)
		}
	}
	line("defined", orNone(strings.Join(t.DefinedAt, ", "), "not in the project"))
	line("format", orNone(t.Format, "not said"))
	line("partitioned", strings.Join(t.Partitioning, ", "))
	line("clustered", strings.Join(t.Clustering, ", "))
	for _, p := range t.Properties {
		line("property", fmt.Sprintf("%s = %s (%s%s)", p.Key, p.Value, p.From, at(p.At)))
	}
	for _, wr := range t.Writers {
		line("writer", wr.text())
	}
	for _, r := range t.Readers {
		line("reader", r.At+" "+r.Kind)
	}
	if len(t.Maintenance) == 0 {
		line("maintenance", "no OPTIMIZE or VACUUM in the project")
	}
	for _, m := range t.Maintenance {
		line("maintenance", m.At+" "+m.Statement)
	}
	if lv := t.Live; lv != nil {
		s := fmt.Sprintf("%d files, %s (%s)", lv.NumFiles, bytesText(lv.SizeInBytes), lv.Source)
		if lv.MedianFile > 0 {
			s += ", median file " + bytesText(lv.MedianFile)
		}
		if lv.LastOptimize != "" {
			s += ", last OPTIMIZE " + lv.LastOptimize
		}
		line("live", s)
	}
	if t.FilesPerDay != nil {
		line("files/day", "~"+number(*t.FilesPerDay)+" (writers with a known frequency and file count)")
	}
	for _, f := range t.Findings {
		line("finding", fmt.Sprintf("%s %s %s: %s", f.At, f.Code, f.Severity, f.Message))
	}
}

func (w Writer) text() string {
	s := w.At + " " + w.API
	if w.Sink != "" {
		s += "." + w.Sink
	}
	if w.Mode != "" {
		s += " mode " + w.Mode
	}
	if w.Frequency != "" {
		s += "; " + w.Frequency
		if w.RunsPerDay != nil {
			runs := " runs a day)"
			if *w.RunsPerDay == 1 {
				runs = " run a day)"
			}
			s += " (" + number(*w.RunsPerDay) + runs
		}
	}
	if w.FilesPerRun > 0 {
		s += "; " + strconv.FormatInt(w.FilesPerRun, 10) + " file(s) a run"
	}
	if w.FilesPerDay != nil {
		s += ", ~" + number(*w.FilesPerDay) + " a day"
	}
	return s
}

func at(p string) string {
	if p == "" {
		return ""
	}
	return " at " + p
}

func orNone(s, none string) string {
	if s == "" {
		return none
	}
	return s
}

// number writes a count with thousands separators, and no decimals from 100 up.
func number(f float64) string {
	if f < 100 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	s := strconv.FormatInt(int64(f+0.5), 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func bytesText(n int64) string {
	units := []string{"B", "KB", "MB", "GB", "TB", "PB"}
	f, u := float64(n), 0
	for f >= 1024 && u < len(units)-1 {
		f /= 1024
		u++
	}
	if u == 0 {
		return strconv.FormatInt(n, 10) + " B"
	}
	return strconv.FormatFloat(f, 'f', 1, 64) + " " + units[u]
}

//go:embed page.html
var pageHTML string

var page = template.Must(template.New("ledger").Parse(pageHTML))

// WriteHTML writes the ledger as one self-contained page: the data, the
// script and the styles are all in it, and it loads nothing.
func (l *Ledger) WriteHTML(w io.Writer, title string) error {
	data, err := json.Marshal(l)
	if err != nil {
		return err
	}
	// html/template would escape a JSON string; the data goes in as a
	// script of type application/json, where json.Marshal's \u003c keeps
	// "</script>" from ending it.
	return page.Execute(w, struct {
		Title string
		Data  template.JS
	}{title, template.JS(data)})
}
