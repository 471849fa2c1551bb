// Package extract turns a parsed document into facts: the Python regions go
// through the PySpark extractor, SQL regions (and SQL found in spark.sql
// strings) through the SQL extractor, and the results are merged in
// execution order.
package extract

import (
	"sort"

	"github.com/lakelint/lakelint/extract/pyfacts"
	"github.com/lakelint/lakelint/extract/sqlfacts"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
)

// File extracts every fact of doc. Syntax trees live only inside this call.
func File(doc *document.Document) *facts.File {
	f, _ := FileAndSQL(doc)
	return f
}

// FileAndSQL is File that also returns every SQL region of doc, those found
// in spark.sql strings included, for the fixer's checks.
func FileAndSQL(doc *document.Document) (*facts.File, []*document.Region) {
	out := &facts.File{Path: doc.Path, Format: doc.Format, Notes: doc.Notes}
	py, sql := byLang(doc)
	if len(py) > 0 {
		f, embedded := pyfacts.Extract(doc, py, pyfacts.Options{})
		merge(out, f)
		sql = append(sql, embedded...)
	}
	for _, r := range sql {
		if doc.Format == document.PlainSQL && len(doc.Regions) == 1 {
			f := sqlfacts.ExtractWhole(r)
			if r.Embedded {
				avoidHostQuote(doc, r, f.Tables)
			}
			merge(out, f)
			continue
		}
		n := len(out.Tables)
		sqlfacts.AppendTo(out, r) // as merging its own facts.File would
		if r.Embedded {
			avoidHostQuote(doc, r, out.Tables[n:])
		}
	}
	if doc.Format == document.DatabricksPython || doc.Format == document.DatabricksSQL {
		out.Evidence = append(out.Evidence, facts.Evidence{Platform: "databricks", What: "a Databricks notebook header", Rank: facts.RankNotebook})
	}
	sortByOffset(out)
	return out, sql
}

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

func merge(dst, src *facts.File) {
	if src == nil {
		return
	}
	dst.Writes = append(dst.Writes, src.Writes...)
	dst.Reads = append(dst.Reads, src.Reads...)
	dst.Tables = append(dst.Tables, src.Tables...)
	dst.Alters = append(dst.Alters, src.Alters...)
	dst.Settings = append(dst.Settings, src.Settings...)
	dst.Maintenance = append(dst.Maintenance, src.Maintenance...)
	dst.Suppressions = append(dst.Suppressions, src.Suppressions...)
	dst.SyntaxErrors = append(dst.SyntaxErrors, src.SyntaxErrors...)
	dst.UnreadSQL += src.UnreadSQL
	dst.Unread = append(dst.Unread, src.Unread...)
	dst.Notes = append(dst.Notes, src.Notes...)
	dst.Evidence = append(dst.Evidence, src.Evidence...)
	dst.Foreign = append(dst.Foreign, src.Foreign...)
	if src.Summary != nil {
		dst.Summary = src.Summary
	}
}

// sortByOffset puts facts in execution order: document offsets follow the
// order of notebook cells and of statements, so the order of settings is the
// order a session sees them in.
func sortByOffset(f *facts.File) {
	sort.SliceStable(f.Writes, func(i, j int) bool { return f.Writes[i].Span.Start < f.Writes[j].Span.Start })
	sort.SliceStable(f.Reads, func(i, j int) bool { return f.Reads[i].Span.Start < f.Reads[j].Span.Start })
	sort.SliceStable(f.Tables, func(i, j int) bool { return f.Tables[i].Span.Start < f.Tables[j].Span.Start })
	sort.SliceStable(f.Alters, func(i, j int) bool { return f.Alters[i].Span.Start < f.Alters[j].Span.Start })
	sort.SliceStable(f.Settings, func(i, j int) bool { return f.Settings[i].Span.Start < f.Settings[j].Span.Start })
	sort.SliceStable(f.Maintenance, func(i, j int) bool { return f.Maintenance[i].Span.Start < f.Maintenance[j].Span.Start })
	sort.SliceStable(f.Suppressions, func(i, j int) bool { return f.Suppressions[i].Span.Start < f.Suppressions[j].Span.Start })
	sort.SliceStable(f.SyntaxErrors, func(i, j int) bool { return f.SyntaxErrors[i].Span.Start < f.SyntaxErrors[j].Span.Start })
}
