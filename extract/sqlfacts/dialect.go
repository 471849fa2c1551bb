package sqlfacts

import (
	"fmt"
	"strings"

	"github.com/lakelint/lakelint/extract/params"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/sql"
)

// foreign records a statement of another SQL dialect and reports whether it
// is one: such a statement yields no facts.
func (x *extractor) foreign(st sql.Statement) bool {
	h := st.Header()
	x.statements++
	if sql.SparkOnly(x.src, h) {
		x.sparkOnly++
		return false
	}
	dialect, marker, ok := sql.Foreign(x.src, h)
	if !ok {
		return false
	}
	x.out.Foreign = append(x.out.Foreign, facts.ForeignSQL{At: x.span(h.Keyword), Dialect: dialect, Marker: marker})
	x.out.UnreadSQL++ // not read either (--verbose counts them per file)
	return true
}

// ExtractWhole returns the facts of a region that is a whole .sql file. A
// file mostly in another dialect (at least half its statements, and none
// using what only Spark has) is not Spark SQL at all: it yields no facts but
// its foreign statements and one note.
func ExtractWhole(r *document.Region) *facts.File {
	ps := &params.Session{}
	f := ExtractWholeWith(r, ps)
	fill(f, ps)
	return f
}

// ExtractWholeWith is ExtractWhole with the values and placeholders going
// to ps, as AppendWith's do.
func ExtractWholeWith(r *document.Region, ps *params.Session) *facts.File {
	x := extractor{r: r, src: r.Text, out: &facts.File{}, params: ps}
	pending := ps.Pending()
	f := x.extract()
	n := len(f.Foreign)
	if n == 0 || x.sparkOnly > 0 || (2*n < x.statements && !flinkScript(f.Foreign)) {
		return f
	}
	ps.Forget(pending) // nothing of the file is read
	first := f.Foreign[0]
	note := fmt.Sprintf("not Spark SQL: %d of %d statements are %s (%s); the file is not linted", n, x.statements, first.Dialect, first.Marker)
	// every statement of the file goes unread; the note places them
	return &facts.File{Foreign: f.Foreign, Notes: []string{note}, Suppressions: f.Suppressions, UnreadSQL: x.statements}
}

// flinkScript reports whether a file's foreign statements are Flink SQL:
// Flink scripts open with SET 'key' = 'value' lines and declare their
// tables WITH ('connector' = ...), so the rest of such a file, Spark-like
// as its INSERTs and SELECTs look, is Flink's too (its catalogs are
// Flink's, not Unity Catalog's).
func flinkScript(foreign []facts.ForeignSQL) bool {
	for _, f := range foreign {
		if f.Dialect == "Flink SQL" {
			return true
		}
	}
	return false
}

// platformPaths are storage paths only Databricks has.
var platformPaths = []struct{ prefix, what string }{
	{"/Volumes/", "a /Volumes/ path"},
	{"/Workspace/", "a /Workspace/ path"},
	{"dbfs:", "a dbfs: path"},
}

// evidence records the Databricks paths among the strings of the region.
func (x *extractor) evidence(toks []sql.Token) {
	seen := 0
	for _, t := range toks {
		if t.Kind != sql.String && t.Kind != sql.QuotedIdent {
			continue
		}
		v := t.Value(x.src)
		for i, p := range platformPaths {
			if seen&(1<<i) == 0 && strings.HasPrefix(v, p.prefix) {
				seen |= 1 << i
				x.out.Evidence = append(x.out.Evidence, facts.Evidence{
					Platform: facts.SignOfDatabricks, What: p.what, Rank: facts.RankPath, At: x.span(sql.Span{Start: t.Start, End: t.End}),
				})
			}
		}
	}
}
