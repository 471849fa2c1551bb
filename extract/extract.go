// Package extract turns a parsed document into facts: the Python regions go
// through the PySpark extractor, SQL regions (and SQL found in spark.sql
// strings) through the SQL extractor, and the results are merged in
// execution order.
package extract

import (
	"slices"
	"strings"

	"github.com/lakelint/lakelint/extract/dbtfacts"
	"github.com/lakelint/lakelint/extract/params"
	"github.com/lakelint/lakelint/extract/pyfacts"
	"github.com/lakelint/lakelint/extract/sqlfacts"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/dbt"
	"github.com/lakelint/lakelint/parsers/document"
)

// File extracts every fact of doc. Syntax trees live only inside this call.
func File(doc *document.Document) *facts.File {
	f, _ := FileAndSQL(doc)
	return f
}

// Options say what a file's facts depend on besides its own text.
type Options struct {
	// Model, when set, says doc is a dbt model and gives its project's configs.
	Model *dbtfacts.Input
	// Params are the values the jobs that run doc give its parameters
	// (one Given per task and parameter) and those the notebooks it
	// includes with %run give, beside those doc gives itself.
	Params []params.Given
}

// Given is the values doc gives SQL placeholders, in the order given:
// widgets (made and removed), SET keys, spark.conf.set, session
// variables. A notebook that includes doc with %run runs with them.
func Given(doc *document.Document) []params.Given {
	var out []params.Given
	extractGiving(doc, func(g params.Given) { out = append(out, g) })
	return out
}

// FileAndSQL is File that also returns every SQL region of doc, those found
// in spark.sql strings included, for the fixer's checks.
func FileAndSQL(doc *document.Document) (*facts.File, []*document.Region) {
	return FileAndSQLWith(doc, Options{})
}

// FileAndSQLWith is FileAndSQL with what the file's project says of it.
func FileAndSQLWith(doc *document.Document, opts Options) (*facts.File, []*document.Region) {
	return fileAndSQL(doc, opts, nil)
}

// extractGiving extracts doc, telling gave of each value it gives.
func extractGiving(doc *document.Document, gave func(params.Given)) {
	fileAndSQL(doc, Options{}, gave)
}

func fileAndSQL(doc *document.Document, opts Options, gave func(params.Given)) (*facts.File, []*document.Region) {
	out := &facts.File{Path: doc.Path, Format: doc.Format, Notes: doc.Notes}
	switch m := opts.Model; {
	case m == nil || doc.Format != document.PlainSQL:
	case m.Template && dbt.HasJinja(doc.Text):
		out.Notes = append(out.Notes, m.Why)
		return out, nil
	case !m.Template:
		// a model is a SELECT in Jinja: what it makes is in its configs
		in := *m
		in.Path, in.Text = doc.Path, doc.Text
		d, why := dbtfacts.Extract(in)
		if d != nil {
			out.Tables = append(out.Tables, d)
		}
		if why != "" {
			out.Notes = append(out.Notes, why)
		}
	}
	ps := &params.Session{}
	for _, g := range opts.Params {
		ps.Give(g)
	}
	ps.Gave = gave
	py, sql := byLang(doc)
	views := map[*document.Region][]facts.Transform{}
	loops := map[*document.Region]pyfacts.LoopAt{}
	defaults := map[*document.Region]pyfacts.Defaults{}
	if len(py) > 0 {
		f, embedded := pyfacts.Extract(doc, py, pyfacts.Options{Give: ps.Give, ViewFed: views, InLoop: loops, Defaults: defaults})
		widgetNames(ps, f)
		merge(out, f)
		sql = append(sql, embedded...)
	}
	for _, r := range sql {
		nw, nm := len(out.Writes), len(out.Maintenance)
		sqlRegion(out, doc, r, views, ps)
		if l, ok := loops[r]; ok {
			l.Mark(out.Writes[nw:]) // a statement run in a loop: its writes are the loop's
		}
		if d, ok := defaults[r]; ok {
			d.Fill(out.Maintenance[nm:]) // RETAIN {args.hours} HOURS: the option's default
		}
	}
	// every region has given its values: a widget made in the last cell
	// still names the tables of the first
	held, filled := ps.Fill()
	out.PlaceholderSQL += held
	out.FilledSQL += filled
	if doc.Format == document.DatabricksPython || doc.Format == document.DatabricksSQL {
		out.Evidence = append(out.Evidence, facts.Evidence{Platform: facts.SignOfDatabricks, What: "a Databricks notebook header", Rank: facts.RankNotebook})
	}
	out.SortByOffset()
	if isNotebook(doc.Format) {
		includes(out, doc)
	}
	return out, sql
}

// includes keeps in a notebook's summary what the link step needs for
// %run: the notebooks it includes, also when it has no Python to read (a
// notebook of %run lines only), and its session settings, which a notebook
// that includes it has too.
func includes(out *facts.File, doc *document.Document) {
	var runs []facts.Run
	if out.Summary == nil || out.Summary.Runs == nil {
		runs = pyfacts.Runs(doc)
	}
	if len(runs) == 0 && len(out.Settings) == 0 {
		return
	}
	if out.Summary == nil {
		out.Summary = &facts.Summary{}
	}
	if runs != nil {
		out.Summary.Runs = runs
	}
	out.Summary.Session = slices.Clone(out.Settings)
}

// isNotebook reports whether a file of format f is a notebook, which
// others may include with %run.
func isNotebook(f document.Format) bool {
	return f == document.DatabricksPython || f == document.DatabricksSQL || f == document.Jupyter
}

// widgetNames has ps fill the names and paths of Python facts that a
// widget's value ({{x}}, see pyfacts) or a conf value (${k}) is part of:
// the widget's default, or the conf's value, names the table there as in
// the SQL the notebook runs.
func widgetNames(ps *params.Session, f *facts.File) {
	if f == nil {
		return
	}
	for _, w := range f.Writes {
		if hasWidget(w.Target.Table) || hasWidget(w.Target.Path) {
			ps.Names(&w.Target.Table, &w.Target.Path)
		}
	}
	for _, r := range f.Reads {
		if hasWidget(r.Target.Table) || hasWidget(r.Target.Path) {
			ps.Names(&r.Target.Table, &r.Target.Path)
		}
	}
	for _, m := range f.Maintenance {
		if hasWidget(m.Target.Table) || hasWidget(m.Target.Path) {
			ps.Names(&m.Target.Table, &m.Target.Path)
		}
	}
	for _, t := range f.Tables {
		if hasWidget(t.Name) || hasWidget(t.Location) {
			ps.Names(&t.Name, &t.Location)
		}
	}
}

// hasWidget: a widget's value ({{x}}) or a conf value's (${k}, from
// spark.conf.get("k")) is part of s.
func hasWidget(s string) bool { return strings.Contains(s, "{{") || strings.Contains(s, "${") }

// avoidHostQuote keeps text a fix adds to SQL inside a Python string from
// closing that string: properties are quoted with the other quote character.
// tables are those read from r.
func avoidHostQuote(doc *document.Document, r *document.Region, tables []*facts.TableDef) {
	host := hostQuote(doc.Text, r.Map.File(0))
	for _, t := range tables {
		if p := t.AddProps; p != nil && p.Quote == host {
			p.Quote = map[string]string{"'": `"`, `"`: "'"}[host]
		}
	}
}

// hostQuote finds the quote that opens the Python string holding SQL that
// starts at off: the nearest quote before it (an escape may come between).
func hostQuote(text []byte, off int) string {
	for i := off - 1; i >= 0 && i >= off-8; i-- {
		if c := text[i]; c == '\'' || c == '"' {
			return string(c)
		}
	}
	return ""
}

// merge moves src's facts to dst; src is not used after.
func merge(dst, src *facts.File) {
	if src == nil {
		return
	}
	dst.Writes = take(dst.Writes, src.Writes)
	dst.Reads = take(dst.Reads, src.Reads)
	dst.Tables = take(dst.Tables, src.Tables)
	dst.Alters = take(dst.Alters, src.Alters)
	dst.Settings = take(dst.Settings, src.Settings)
	dst.OtherSettings = take(dst.OtherSettings, src.OtherSettings)
	dst.Maintenance = take(dst.Maintenance, src.Maintenance)
	dst.Suppressions = take(dst.Suppressions, src.Suppressions)
	dst.SyntaxErrors = take(dst.SyntaxErrors, src.SyntaxErrors)
	dst.UnreadSQL += src.UnreadSQL
	dst.PlaceholderSQL += src.PlaceholderSQL
	dst.FilledSQL += src.FilledSQL
	dst.Unread = take(dst.Unread, src.Unread)
	dst.Notes = append(dst.Notes, src.Notes...) // dst's may be the document's
	dst.Evidence = take(dst.Evidence, src.Evidence)
	dst.Foreign = take(dst.Foreign, src.Foreign)
	dst.PerRun = take(dst.PerRun, src.PerRun)
	if src.Summary != nil {
		dst.Summary = src.Summary
	}
}

// take is append(dst, src...), except that an empty dst takes src's array
// itself, clipped so that appending to one never writes into the other.
func take[T any](dst, src []T) []T {
	if len(src) == 0 {
		return dst
	}
	if len(dst) == 0 {
		return slices.Clip(src)
	}
	return append(dst, src...)
}

// fedByView gives the tables and writes a SQL statement over a temporary
// view makes the operations that made the view's rows, ts: a CREATE TABLE
// ... AS SELECT and an INSERT ... SELECT write its partitions.
func fedByView(ts []facts.Transform, tables []*facts.TableDef, writes []*facts.Write) {
	for _, t := range tables {
		if t.AsSelect && !t.Temporary {
			t.Transforms = ts
		}
	}
	for _, w := range writes {
		if w.API == facts.SQLInsert {
			w.Transforms = append(slices.Clip(ts), w.Transforms...)
		}
	}
}

// sqlRegion adds the facts of SQL region r to out: views are the
// operations that made the temporary views regions read (see
// pyfacts.Options.ViewFed).
func sqlRegion(out *facts.File, doc *document.Document, r *document.Region, views map[*document.Region][]facts.Transform, ps *params.Session) {
	if ts, ok := views[r]; ok {
		nt, nw := len(out.Tables), len(out.Writes)
		sqlfacts.AppendTo(out, r)
		fedByView(ts, out.Tables[nt:], out.Writes[nw:])
		avoidHostQuote(doc, r, out.Tables[nt:])
		return
	}
	if doc.Format == document.PlainSQL && len(doc.Regions) == 1 {
		f := sqlfacts.ExtractWholeWith(r, ps)
		if r.Embedded {
			avoidHostQuote(doc, r, f.Tables)
		}
		merge(out, f)
		return
	}
	n := len(out.Tables)
	sqlfacts.AppendWith(out, r, ps) // as merging its own facts.File would
	if r.Embedded {
		avoidHostQuote(doc, r, out.Tables[n:])
	}
}
