package output

import (
	"bufio"
	"cmp"
	"encoding/json"

	"github.com/lakelint/lakelint/finding"
)

// reviewdog's Diagnostic Format (rdjson): one DiagnosticResult document.
// Columns count UTF-8 bytes, ends are exclusive.

type rdjsonResult struct {
	Source      rdjsonSource       `json:"source"`
	Diagnostics []rdjsonDiagnostic `json:"diagnostics"`
}

type rdjsonSource struct {
	Name string `json:"name"`
	URL  string `json:"url,omitempty"`
}

type rdjsonDiagnostic struct {
	Message     string             `json:"message"`
	Location    rdjsonLocation     `json:"location"`
	Severity    string             `json:"severity"`
	Source      rdjsonSource       `json:"source"`
	Code        rdjsonCode         `json:"code"`
	Suggestions []rdjsonSuggestion `json:"suggestions,omitempty"`
	// RelatedLocations are the evidence the message cites.
	RelatedLocations []rdjsonRelated `json:"related_locations,omitempty"`
}

type rdjsonRelated struct {
	Message  string         `json:"message,omitempty"`
	Location rdjsonLocation `json:"location"`
}

type rdjsonLocation struct {
	Path  string       `json:"path"`
	Range *rdjsonRange `json:"range,omitempty"`
}

type rdjsonRange struct {
	Start rdjsonPosition  `json:"start"`
	End   *rdjsonPosition `json:"end,omitempty"`
}

type rdjsonPosition struct {
	Line   int `json:"line"`
	Column int `json:"column,omitempty"`
}

type rdjsonCode struct {
	Value string `json:"value"`
	URL   string `json:"url,omitempty"`
}

type rdjsonSuggestion struct {
	Range rdjsonRange `json:"range"`
	Text  string      `json:"text"`
}

type rdjsonPrinter struct {
	opts  Options
	diags []rdjsonDiagnostic
}

func (r *rdjsonPrinter) file(_ *bufio.Writer, findings []*finding.Finding) error {
	for _, f := range findings {
		r.diags = append(r.diags, rdjsonOf(f, r.opts))
	}
	return nil
}

func (r *rdjsonPrinter) end(w *bufio.Writer) error {
	info := cmp.Or(r.opts.InformationURI, DefaultInformationURI)
	out := rdjsonResult{Source: rdjsonSource{Name: Source, URL: info}, Diagnostics: r.diags}
	if out.Diagnostics == nil {
		out.Diagnostics = []rdjsonDiagnostic{}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

func rdjsonOf(f *finding.Finding, opts Options) rdjsonDiagnostic {
	d := rdjsonDiagnostic{
		Message:  notebookPrefix(f) + f.Message,
		Location: rdjsonLocation{Path: findingPath(f, opts)},
		Severity: rdjsonSeverity(severity(f)),
		Source:   rdjsonSource{Name: Source},
		Code:     rdjsonCode{Value: f.Code, URL: f.URL},
	}
	for i := range f.Related {
		d.RelatedLocations = append(d.RelatedLocations, rdjsonRelatedOf(f, &f.Related[i], opts))
	}
	if f.Cell > 0 {
		// the JSON line's bytes are not at hand: lines only, which
		// reviewdog reads as whole lines
		if f.FileStart.Line > 0 {
			rng := &rdjsonRange{Start: rdjsonPosition{Line: f.FileStart.Line}}
			if f.FileEnd.Line > f.FileStart.Line {
				rng.End = &rdjsonPosition{Line: f.FileEnd.Line}
			}
			d.Location.Range = rng
		}
		return d
	}
	if f.Start.Line == 0 {
		return d
	}
	d.Location.Range = rdjsonRangeOf(f, f.Start, f.End)
	// a suggestion is one replacement: only fixes of one edit fit
	if len(f.Fixes) > 0 && len(f.Fixes[0].Edits) == 1 && !f.Fixes[0].Edits[0].Foreign() { // a suggestion is in the diagnostic's file
		e := f.Fixes[0].Edits[0]
		if rng := rdjsonRangeOf(f, e.Start, e.End); rng.End != nil && rng.Start.Column > 0 && rng.End.Column > 0 {
			d.Suggestions = []rdjsonSuggestion{{Range: *rng, Text: e.NewText}}
		}
	}
	return d
}

// rdjsonRelatedOf places a related place by lines: its file's text, which
// byte columns need, is not at hand when it is another file.
func rdjsonRelatedOf(f *finding.Finding, r *finding.Related, opts Options) rdjsonRelated {
	path, abs := f.RelatedPath(r)
	p, _ := projectPath(path, abs, opts)
	start, end := r.Start, r.End
	if r.Cell > 0 {
		start, end = r.FileStart, r.FileEnd
	}
	loc := rdjsonLocation{Path: p}
	if start.Line > 0 {
		loc.Range = &rdjsonRange{Start: rdjsonPosition{Line: start.Line}}
		if end.Line > start.Line {
			loc.Range.End = &rdjsonPosition{Line: end.Line}
		}
	}
	return rdjsonRelated{Message: r.Message, Location: loc}
}

// rdjsonRangeOf gives byte columns where the finding carries the lines, and
// lines alone where it does not.
func rdjsonRangeOf(f *finding.Finding, start, end finding.Position) *rdjsonRange {
	rng := &rdjsonRange{Start: rdjsonPosition{Line: start.Line, Column: bytePosition(f, start)}}
	if end.Line > 0 {
		rng.End = &rdjsonPosition{Line: end.Line, Column: bytePosition(f, end)}
		if rng.Start.Column == 0 || rng.End.Column == 0 {
			rng.Start.Column, rng.End.Column = 0, 0
		}
	}
	return rng
}

func bytePosition(f *finding.Finding, p finding.Position) int {
	line, ok := codeLine(f, p.Line)
	if !ok {
		return 0
	}
	b, _ := byteColumn(line, p.Column)
	return b
}

func rdjsonSeverity(s finding.Severity) string {
	switch s {
	case finding.Error:
		return "ERROR"
	case finding.Warning:
		return "WARNING"
	}
	return "INFO"
}
