package sqlfacts

import (
	"bytes"
	"sort"
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/sql"
)

var tableKinds = map[sql.TableKind]facts.TableKind{
	sql.TableCreate:           facts.CreateTable,
	sql.TableCreateOrReplace:  facts.CreateOrReplace,
	sql.TableReplace:          facts.ReplaceTable,
	sql.TableStreaming:        facts.StreamingTable,
	sql.TableMaterializedView: facts.MaterializedView,
}

func (x *extractor) tableDef(ct *sql.CreateTable) *facts.TableDef {
	td := &facts.TableDef{
		Kind:       tableKinds[ct.Table],
		Lang:       document.SQL,
		Name:       ct.Name.Text,
		Span:       x.span(ct.Span),
		At:         x.span(ct.Name.Span),
		Format:     strings.ToLower(ct.Using),
		AsSelect:   ct.AsSelect,
		Properties: x.properties(ct.Properties),
		AddProps:   x.addProps(ct),
	}
	if ct.Name.Path != "" {
		// CREATE TABLE delta.`/path`: the table lives at the path
		td.Location = ct.Name.Path
		if td.Format == "" {
			td.Format = ct.Name.Format
		}
	}
	if ct.Location != nil && ct.Location.Kind == sql.LitString {
		td.Location = ct.Location.Text
	}
	if ops := ct.Options; td.Location == "" && ops != nil {
		for _, e := range ops.Entries {
			if e.Key == "path" && e.Value.Kind == sql.LitString {
				td.Location = e.Value.Text // OPTIONS (path '...') places the table as LOCATION does
			}
		}
	}
	if pb := ct.PartitionedBy; pb != nil {
		td.PartitionBy = &facts.Partitioning{Columns: x.columns(pb.Columns), Span: x.span(pb.Span)}
		for _, c := range pb.Columns {
			if isParameter(c.Name) {
				td.PartitionBy.Dynamic = true
			}
			if narrowType(ct.Columns, c.Name) {
				td.PartitionBy.Narrow = append(td.PartitionBy.Narrow, c.Name)
			}
		}
	}
	if cb := ct.ClusterBy; cb != nil {
		td.ClusterBy = x.columns(cb.Columns)
		td.ClusterByAuto = cb.Auto
	}
	if ct.AsSelect && !td.Kind.Pipeline() {
		td.CopyOf = x.copyOf(ct.Copies, sql.Span{Start: ct.As.End, End: ct.Span.End})
	}
	td.Clone = ct.Clone != (sql.Span{})
	td.IfNotExists = ct.IfNotExists
	td.Temporary = ct.Temporary
	td.Hive = ct.Hive
	td.Registration = td.Location != "" && len(ct.Columns) == 0 && !ct.AsSelect && !td.Clone
	if td.MayRegister() {
		td.AddAlter = x.addAlter(ct)
	}
	return td
}

// addAlter tells a fix where a separate ALTER TABLE statement can follow the
// definition: right after its ';' (or at its end, with a ';' of its own, when
// nothing follows it), in a SQL file or cell (spark.sql runs one statement,
// so never in a Python string), for a name that reads the same in the ALTER.
func (x *extractor) addAlter(ct *sql.CreateTable) *facts.PropertyInsertion {
	named := ct.Name.Text != "" || ct.Name.Path != "" && ct.Location == nil // delta.`/path`: the ALTER names the path
	if x.r.Embedded || !named || len(ct.Gaps) > 0 {
		return nil
	}
	end, semi := ct.Span.End, ""
	last := true // nothing but comments follows the definition
	for _, t := range x.script.Tokens {
		if t.Start < ct.Span.End || t.Kind == sql.Comment {
			continue
		}
		if t.IsPunct(x.src, ";") {
			end = t.End
		}
		last = false
		break
	}
	switch {
	case end == ct.Span.End && !last:
		return nil // another statement follows with no ';' between
	case end == ct.Span.End:
		semi = ";"
	}
	if end <= 0 || !x.mapped(end-1) {
		return nil
	}
	at := x.fileEnd(end)
	if semi == "" {
		at = x.afterLineComment(end, at)
	}
	return &facts.PropertyInsertion{
		Style:   facts.SQLAlterStatement,
		Offset:  at,
		Quote:   x.quoteStyle(ct),
		Newline: semi + x.lineEnding(ct.Span) + x.r.LinePrefix,
	}
}

// afterLineComment is where a statement added after region offset end (at
// in the file) goes: past a "-- comment" that ends the line, which stays
// with the statement before it.
func (x *extractor) afterLineComment(end, at int) int {
	for _, t := range x.script.Tokens {
		if t.Start < end {
			continue
		}
		between := x.src[end:t.Start]
		if t.Kind != sql.Comment || !bytes.HasPrefix(t.Text(x.src), []byte("--")) ||
			bytes.ContainsAny(between, "\r\n") || !x.mapped(t.End-1) {
			return at
		}
		return x.fileEnd(t.End)
	}
	return at
}

func (x *extractor) alter(at *sql.AlterTable) *facts.TableAlter {
	ta := &facts.TableAlter{
		Table: at.Name.Text,
		Path:  at.Name.Path,
		Lang:  document.SQL,
		Span:  x.span(at.Span),
		At:    x.span(at.Keyword),
		Set:   x.properties(at.Set),
	}
	if at.Unset != nil {
		ta.Unset = make([]string, len(at.Unset.Entries))
		for i, e := range at.Unset.Entries {
			ta.Unset[i] = e.Key
		}
	}
	if c := at.Cluster; c != nil {
		ta.HasClusterBy = true
		ta.ClusterBy = x.columns(c.Columns)
		ta.ClusterByAuto = c.Auto
	}
	return ta
}

// addProps tells a fix where table properties go: into the existing
// TBLPROPERTIES list, or in a new clause after the last clause before the
// query, laid out like the statement.
func (x *extractor) addProps(ct *sql.CreateTable) *facts.PropertyInsertion {
	if len(ct.Gaps) > 0 || !x.balanced(ct) {
		return nil // where the clauses end is not known
	}
	pi := &facts.PropertyInsertion{Quote: x.quoteStyle(ct)}
	eol := x.lineEnding(ct.Span)
	if ps := ct.Properties; ps != nil {
		if ps.Close < 0 {
			return nil // an unclosed list: no safe place
		}
		pi.Style = facts.SQLExtendClause
		if len(ps.Entries) == 0 {
			pi.Empty = true
			pi.Offset = x.r.Map.File(ps.Close)
			return pi
		}
		last := ps.Entries[len(ps.Entries)-1].Span
		pi.Offset = x.fileEnd(last.End)
		if nl := x.lineStart(last.Start); nl > ps.Open && x.mapped(nl-1) {
			pi.Newline = eol + x.r.LinePrefix + indentation(x.src, nl)
		}
		return pi
	}
	pi.Style = facts.SQLNewClause
	last := ct.LastClause
	if ct.Clone != (sql.Span{}) {
		last = ct.Clone // a clone's TBLPROPERTIES come right after the source, before LOCATION
	}
	pi.Offset = x.fileEnd(last.End)
	defEnd := ct.Span.End
	if ct.AsSelect {
		defEnd = ct.As.Start
	}
	if nl := x.firstNewline(ct.Span.Start, defEnd); nl >= 0 && x.mapped(nl) {
		pi.Newline = eol + x.r.LinePrefix + indentation(x.src, x.lineStart(last.Start))
	}
	return pi
}

// balanced reports whether every parenthesis of the statement is closed.
func (x *extractor) balanced(ct *sql.CreateTable) bool {
	depth := 0
	for _, t := range ct.Tokens {
		if t.IsPunct(x.src, "(") {
			depth++
		} else if t.IsPunct(x.src, ")") {
			if depth--; depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}

// quoteStyle returns the quote the author uses for strings: that of the
// TBLPROPERTIES keys, else of any string in the statement, else '.
func (x *extractor) quoteStyle(ct *sql.CreateTable) string {
	if ps := ct.Properties; ps != nil {
		for _, t := range ct.Tokens {
			if t.Kind == sql.String && t.Start >= ps.Open && t.Start < ps.Span.End {
				return string(t.Quote(x.src))
			}
		}
	}
	for _, t := range ct.Tokens {
		if t.Kind == sql.String {
			return string(t.Quote(x.src))
		}
	}
	return "'"
}

// newlines returns the offsets of the region's line breaks, found once.
func (x *extractor) newlines() []int {
	if x.lines == nil {
		x.lines = make([]int, 0, 16)
		for i, c := range x.src {
			if c == '\n' {
				x.lines = append(x.lines, i)
			}
		}
	}
	return x.lines
}

// lineStart returns the offset of the start of the line holding off.
func (x *extractor) lineStart(off int) int {
	nl := x.newlines()
	i := sort.SearchInts(nl, off) // first line break at or after off
	if i == 0 {
		return 0
	}
	return nl[i-1] + 1
}

// firstNewline returns the offset of the first line break in [from, to), or -1.
func (x *extractor) firstNewline(from, to int) int {
	nl := x.newlines()
	if i := sort.SearchInts(nl, from); i < len(nl) && nl[i] < to {
		return nl[i]
	}
	return -1
}

// lineEnding returns "\r\n" when the statement's lines end so, else "\n".
func (x *extractor) lineEnding(s sql.Span) string {
	if nl := x.firstNewline(s.Start, len(x.src)); nl > 0 && x.src[nl-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}

// indentation returns the spaces and tabs starting the line at start.
func indentation(src []byte, start int) string {
	end := start
	for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return string(src[start:end])
}

// narrowType reports whether the table declares column name with a type
// of few values: a SMALLINT source-system id has at most 65,536, a
// BOOLEAN two.
func narrowType(defs []sql.ColumnDef, name string) bool {
	for _, d := range defs {
		if name != "" && strings.EqualFold(d.Name, name) {
			t, _, _ := strings.Cut(strings.ToUpper(strings.TrimSpace(d.Type)), "(")
			switch strings.TrimSpace(t) {
			case "BOOLEAN", "BOOL", "TINYINT", "BYTE", "SMALLINT", "SHORT", "DATE":
				return true
			}
			return false
		}
	}
	return false
}
