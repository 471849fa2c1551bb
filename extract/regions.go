package extract

import (
	"github.com/lakelint/lakelint/extract/pyfacts"
	"github.com/lakelint/lakelint/parsers/document"
)

// SQLRegions returns every SQL region of doc: its SQL regions and the SQL
// found in its Python's spark.sql strings, which the fixer checks again
// after an edit.
func SQLRegions(doc *document.Document) []*document.Region {
	py, sql := byLang(doc)
	if len(py) > 0 {
		_, embedded := pyfacts.Extract(doc, py, pyfacts.Options{})
		sql = append(sql, embedded...)
	}
	return sql
}

// byLang splits doc's regions into its Python and its SQL.
func byLang(doc *document.Document) (py, sql []*document.Region) {
	for i := range doc.Regions {
		r := &doc.Regions[i]
		switch r.Lang {
		case document.Python:
			py = append(py, r)
		case document.SQL:
			sql = append(sql, r)
		}
	}
	return py, sql
}
