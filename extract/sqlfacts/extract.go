// Package sqlfacts reads the facts of Spark SQL: table definitions and
// alterations, writes (INSERT, MERGE, UPDATE, DELETE), session settings,
// OPTIMIZE/VACUUM and noqa comments. It works on one document.Region at a
// time, which may be a .sql file, a notebook cell or SQL embedded in a
// Python string; every position it reports is a document offset.
package sqlfacts

import (
	"strings"

	"github.com/lakelint/lakelint/extract/params"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/sql"
)

// Extract returns the facts of one SQL region, its placeholders filled
// with the values the region itself gives.
func Extract(r *document.Region) *facts.File {
	out := &facts.File{}
	AppendTo(out, r)
	return out
}

// AppendTo adds the facts of one SQL region to out, in the order merging
// Extract's facts into out would: a file with many SQL strings needs no
// facts.File for each. Its placeholders are filled with the values the
// region gives.
func AppendTo(out *facts.File, r *document.Region) {
	ps := &params.Session{}
	AppendWith(out, r, ps)
	fill(out, ps)
}

// AppendWith is AppendTo for one of a file's regions: the values the
// region gives (widgets, SET, DECLARE VARIABLE) go to ps, and so do its
// statements whose names hold placeholders, which the caller fills once
// every region has given its values (params.Session.Fill).
func AppendWith(out *facts.File, r *document.Region, ps *params.Session) {
	x := extractor{r: r, src: r.Text, out: out, params: ps}
	x.extract()
}

// fill fills the statements ps holds and counts them in out.
func fill(out *facts.File, ps *params.Session) {
	held, filled := ps.Fill()
	out.PlaceholderSQL += held
	out.FilledSQL += filled
}

func (x *extractor) extract() *facts.File {
	script := new(sql.Reader).Parse(x.src)
	x.script = script
	for _, st := range script.Statements {
		if x.foreign(st) {
			continue
		}
		x.statement(st)
	}
	x.suppressions(script.Tokens)
	x.evidence(script.Tokens)
	x.script = nil
	return x.out
}

type extractor struct {
	r     *document.Region
	src   []byte
	out   *facts.File
	lines []int // offsets of the region's line breaks, once needed
	// statements counts the region's statements, sparkOnly those that use
	// what only Spark has (see ExtractWhole).
	statements, sparkOnly int
	script                *sql.Script
	params                *params.Session
}

func (x *extractor) statement(st sql.Statement) {
	if h := st.Header(); h.Unread != "" {
		x.out.UnreadSQL++
		x.out.Unread = append(x.out.Unread, facts.Unread{At: x.span(h.Keyword), Reason: h.Unread})
		return
	}
	switch st := st.(type) {
	case *sql.CreateTable:
		td := x.tableDef(st)
		x.out.Tables = append(x.out.Tables, td)
		if r := td.CopyOf; r != nil {
			x.params.Statement(&td.Name, &td.Location, &r.Target.Table, &r.Target.Path)
		} else {
			x.params.Statement(&td.Name, &td.Location)
		}
	case *sql.AlterTable:
		ta := x.alter(st)
		x.out.Alters = append(x.out.Alters, ta)
		x.params.Statement(&ta.Table, &ta.Path)
	case *sql.Insert:
		w := x.insert(st)
		x.out.Writes = append(x.out.Writes, w)
		if r := w.CopyOf; r != nil {
			x.params.Statement(&w.Target.Table, &w.Target.Path, &r.Target.Table, &r.Target.Path)
		} else {
			x.params.Statement(&w.Target.Table, &w.Target.Path)
		}
	case *sql.Modify:
		w := x.modify(st)
		x.out.Writes = append(x.out.Writes, w)
		x.params.Statement(&w.Target.Table, &w.Target.Path)
	case *sql.Optimize:
		m := x.optimize(st)
		x.out.Maintenance = append(x.out.Maintenance, m)
		x.params.Statement(&m.Target.Table, &m.Target.Path)
	case *sql.Vacuum:
		m := x.vacuum(st)
		x.out.Maintenance = append(x.out.Maintenance, m)
		x.params.Statement(&m.Target.Table, &m.Target.Path)
	case *sql.Set:
		x.out.Settings = append(x.out.Settings, x.setting(st))
		x.giveSet(st)
	case *sql.Other:
		x.giveDeclared(st)
	}
}

// target maps a table reference.
func (x *extractor) target(n sql.Name) facts.Target {
	return facts.Target{Table: n.Text, Path: n.Path, Span: x.span(n.Span)}
}

// value maps a literal; Str keeps the source text of what is not a string.
func (x *extractor) value(l sql.Literal) facts.Value {
	v := facts.Value{Str: l.Text, Span: x.span(l.Span)}
	// a %-format argument cannot be rewritten inside the string
	v.ReadOnly = x.r.KeepGaps && (!x.mapped(l.Span.Start) || !x.mapped(max(l.Span.Start, l.Span.End-1)))
	switch l.Kind {
	case sql.LitString:
		v.Kind = facts.String
	case sql.LitInt:
		v.Kind, v.Int = facts.Int, l.Int
	case sql.LitFloat:
		v.Kind, v.Float = facts.Float, l.Float
	case sql.LitBool:
		v.Kind, v.Bool = facts.Bool, l.Bool
	}
	return v
}

// columns maps column references; a parameter standing for a column has no
// literal name.
func (x *extractor) columns(cols []sql.Column) []facts.Column {
	if len(cols) == 0 {
		return nil
	}
	out := make([]facts.Column, len(cols))
	for i, c := range cols {
		out[i] = facts.Column{Name: c.Name, Span: x.span(c.Span)}
		if isParameter(c.Name) {
			out[i].Name = ""
		}
	}
	return out
}

// properties maps a TBLPROPERTIES list to lower-cased keys.
func (x *extractor) properties(ps *sql.Properties) map[string]facts.Value {
	if ps == nil {
		return nil
	}
	m := make(map[string]facts.Value, len(ps.Entries))
	for _, e := range ps.Entries {
		m[e.Key] = x.value(e.Value)
	}
	return m
}

// isParameter reports whether a name stands for a value filled in later
// (${var}, {placeholder}, :param), so it is no literal column name.
func isParameter(name string) bool {
	return strings.ContainsAny(name, "{}") || strings.HasPrefix(name, "$") || strings.HasPrefix(name, ":")
}
