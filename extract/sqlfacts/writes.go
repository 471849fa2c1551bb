package sqlfacts

import (
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/sql"
)

func (x *extractor) insert(in *sql.Insert) *facts.Write {
	w := &facts.Write{
		API:    facts.SQLInsert,
		Lang:   document.SQL,
		Span:   x.span(in.Span),
		At:     x.span(in.Keyword),
		Sink:   "INSERT INTO",
		Format: in.Target.Format,
		Target: x.target(in.Target),
		Mode:   facts.Value{Kind: facts.String, Str: "append", Span: x.span(in.Mode)},
	}
	if in.Overwrite {
		w.Sink, w.Mode.Str = "INSERT OVERWRITE", "overwrite"
	}
	w.Transforms = x.hintTransforms(in.Hints)
	w.CopyOf = x.copyOf(in.Copies, in.Query)
	return w
}

// copyOf is the batch read of the table a query copies through narrow
// operations only (sql.Insert.Copies), nil for none.
func (x *extractor) copyOf(n *sql.Name, query sql.Span) *facts.Read {
	if n == nil {
		return nil
	}
	return &facts.Read{Kind: facts.BatchRead, Format: n.Format, Target: x.target(*n), Span: x.span(query), At: x.span(n.Span)}
}

var modifySinks = map[sql.Kind]struct {
	api  facts.API
	sink string
}{
	sql.StmtMerge:  {facts.SQLMerge, "MERGE INTO"},
	sql.StmtUpdate: {facts.SQLUpdate, "UPDATE"},
	sql.StmtDelete: {facts.SQLDelete, "DELETE FROM"},
}

func (x *extractor) modify(m *sql.Modify) *facts.Write {
	s := modifySinks[m.Kind]
	return &facts.Write{
		API:    s.api,
		Lang:   document.SQL,
		Span:   x.span(m.Span),
		At:     x.span(m.Keyword),
		Sink:   s.sink,
		Format: m.Target.Format,
		Target: x.target(m.Target),
	}
}

// partitioningHints are the hints that decide how many files the query
// writes; join and skew hints do not and are left out.
var partitioningHints = map[string]bool{
	"REPARTITION": true, "COALESCE": true, "REPARTITION_BY_RANGE": true, "REBALANCE": true,
}

// hintTransforms turns the partitioning hints of a query into transforms in
// the order they apply: nested hints first, then the outermost SELECT's;
// within one comment the leftmost hint is the one Spark keeps, so it comes last.
func (x *extractor) hintTransforms(comments []sql.QueryHints) []facts.Transform {
	var out []facts.Transform
	for _, nested := range []bool{true, false} {
		for _, qh := range comments {
			if qh.Nested != nested {
				continue
			}
			for i := len(qh.Hints) - 1; i >= 0; i-- {
				if h := qh.Hints[i]; partitioningHints[h.Name] {
					out = append(out, x.hintTransform(qh, i))
				}
			}
		}
	}
	return out
}

func (x *extractor) hintTransform(qh sql.QueryHints, i int) facts.Transform {
	h := qh.Hints[i]
	t := facts.Transform{Name: h.Name, Hint: true, Span: x.span(h.Span), Nested: qh.Nested}
	for j, a := range h.Args {
		switch {
		case a.Kind == sql.Number && !t.HasNum:
			t.HasNum = true
			t.NumPartitions = x.value(numberValue(a))
		case a.Kind == sql.Param && j == 0:
			// a partition count filled in later, most likely
			t.HasNum = true
			t.NumPartitions = facts.Value{Str: a.Text, Span: x.span(a.Span)}
		case a.Kind == sql.Ident:
			t.Columns = append(t.Columns, facts.Column{Name: a.Text, Span: x.span(a.Span)})
		default:
			t.Columns = append(t.Columns, facts.Column{Span: x.span(a.Span)})
		}
	}
	t.Removal = x.hintRemoval(qh, i)
	return t
}

// numberValue reads a numeric hint argument as a literal.
func numberValue(a sql.HintArg) sql.Literal {
	l := sql.Literal{Kind: sql.LitOther, Text: a.Text, Span: a.Span}
	var n int64
	for _, c := range []byte(a.Text) {
		if c < '0' || c > '9' || n > 1<<40 {
			return l // not a plain count: leave it unresolved
		}
		n = n*10 + int64(c-'0')
	}
	if a.Text != "" {
		l.Kind, l.Int = sql.LitInt, n
	}
	return l
}

// hintRemoval deletes hint i of its comment: the whole comment when it is
// the only hint, else the hint and the separator joining it to a neighbour.
func (x *extractor) hintRemoval(qh sql.QueryHints, i int) []facts.Edit {
	var a, b int
	switch n := len(qh.Hints); {
	case n == 1:
		return x.commentRemoval(qh.Span)
	case i < n-1:
		a, b = qh.Hints[i].Span.Start, qh.Hints[i+1].Span.Start
	default:
		a, b = qh.Hints[i-1].Span.End, qh.Hints[i].Span.End
	}
	edits, _ := x.deletion(a, b)
	return edits
}

// commentRemoval deletes a comment cleanly: with the spaces after it when
// code follows on its line, else with the spaces before it, and with its
// whole line when nothing else is on it and the line break can go (not in
// a region whose lines carry a prefix, nor across an escaped line break).
func (x *extractor) commentRemoval(c sql.Span) []facts.Edit {
	src := x.src
	after := c.End
	for after < len(src) && (src[after] == ' ' || src[after] == '\t') {
		after++
	}
	if after < len(src) && src[after] != '\n' && src[after] != '\r' {
		edits, _ := x.deletion(c.Start, after)
		return edits
	}
	before := c.Start
	for before > 0 && (src[before-1] == ' ' || src[before-1] == '\t') {
		before--
	}
	if (before == 0 || src[before-1] == '\n') && x.r.LinePrefix == "" && after < len(src) {
		lineEnd := after + 1
		if src[after] == '\r' && lineEnd < len(src) && src[lineEnd] == '\n' {
			lineEnd++
		}
		if edits, ok := x.deletion(before, lineEnd); ok {
			return edits
		}
	}
	edits, _ := x.deletion(before, after)
	return edits
}
