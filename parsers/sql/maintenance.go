package sql

// optimize reads OPTIMIZE t [FULL] [WHERE predicate] [ZORDER BY cols].
func (p *parser) optimize(h Head) Statement {
	p.pos++
	name, ok := p.name()
	if !ok {
		return p.unread(h, StmtOptimize, "no table name")
	}
	st := &Optimize{Target: name}
	for !p.done() {
		start := p.pos
		kw := p.tok(0)
		switch {
		case p.accept("FULL"):
			st.Full = true
		case p.accept("WHERE"):
			from := p.pos
			p.skipTo(func(t Token) bool { return t.Is(p.src, "ZORDER") || t.Is(p.src, "FULL") })
			st.Where = predicateColumns(p.src, p.code[from:p.pos])
			st.WhereSpan = Span{kw.Start, p.prevEnd()}
		case p.acceptSeq("ZORDER", "BY"):
			if p.atPunct("(") {
				st.ZOrderBy = p.columnList(kw.Start)
			} else if cols := p.bareColumns(); len(cols) > 0 {
				st.ZOrderBy = &ColumnList{Columns: cols, Span: Span{kw.Start, p.prevEnd()}}
			} else {
				p.gap(start)
			}
		default:
			p.pos++
			p.gap(start)
		}
	}
	h.Kind = StmtOptimize
	st.Head = h
	return st
}

// vacuum reads VACUUM t [USING INVENTORY ...] [RETAIN n HOURS] [DRY RUN] [LITE|FULL].
func (p *parser) vacuum(h Head) Statement {
	p.pos++
	name, ok := p.name()
	if !ok {
		return p.unread(h, StmtVacuum, "no table or path")
	}
	st := &Vacuum{Target: name}
	for !p.done() {
		start := p.pos
		switch {
		case p.acceptSeq("USING", "INVENTORY"):
			if p.atPunct("(") {
				p.skipGroup()
			} else if _, ok := p.name(); !ok {
				p.gap(start)
			}
		case p.accept("RETAIN"):
			l, ok := p.literal()
			if ok && (l.Kind == LitInt || l.Kind == LitFloat || l.Kind == LitOther) && (p.accept("HOURS") || p.accept("HOUR")) {
				st.Retain = &l
				continue
			}
			p.gap(start) // a retention in another unit would be misread as hours
		case p.acceptSeq("DRY", "RUN"):
			st.DryRun = true
		case p.accept("LITE"):
			st.Lite = true
		case p.accept("FULL"):
			st.Full = true
		default:
			p.pos++
			p.gap(start)
		}
	}
	h.Kind = StmtVacuum
	st.Head = h
	return st
}

// predicateWords are the keywords of a predicate, never column names.
var predicateWords = map[string]bool{
	"AND": true, "OR": true, "NOT": true, "IN": true, "IS": true, "NULL": true, "TRUE": true,
	"FALSE": true, "BETWEEN": true, "LIKE": true, "ILIKE": true, "RLIKE": true, "REGEXP": true,
	"CASE": true, "WHEN": true, "THEN": true, "ELSE": true, "END": true, "EXISTS": true,
	"ESCAPE": true, "DIV": true, "ANY": true, "SOME": true, "ALL": true, "DISTINCT": true,
	"CURRENT_DATE": true, "CURRENT_TIMESTAMP": true, "CURRENT_USER": true, "UNKNOWN": true,
	"SELECT": true, "FROM": true, "WHERE": true,
}

// typedLiteralWords prefix a string to make a typed literal (DATE '2024-01-01').
var typedLiteralWords = map[string]bool{
	"DATE": true, "TIMESTAMP": true, "TIMESTAMP_NTZ": true, "TIMESTAMP_LTZ": true, "X": true,
}

// intervalWords may follow INTERVAL.
var intervalWords = map[string]bool{
	"YEAR": true, "YEARS": true, "MONTH": true, "MONTHS": true, "WEEK": true, "WEEKS": true,
	"DAY": true, "DAYS": true, "HOUR": true, "HOURS": true, "MINUTE": true, "MINUTES": true,
	"SECOND": true, "SECONDS": true, "MILLISECOND": true, "MILLISECONDS": true,
	"MICROSECOND": true, "MICROSECONDS": true, "TO": true,
}

// predicateColumns returns the columns a predicate refers to, each once
// (at its first use): names that are no keyword, function, typed literal or
// interval unit.
func predicateColumns(src []byte, toks []Token) []Column {
	var cols []Column
	for i := 0; i < len(toks); {
		t := toks[i]
		switch {
		case inSet(typedLiteralWords, src, t) && i+1 < len(toks) && toks[i+1].Kind == String:
			i += 2
		case t.Is(src, "INTERVAL"):
			i++
			for i < len(toks) && (toks[i].Kind == Number || toks[i].Kind == String ||
				toks[i].IsPunct(src, "-") || toks[i].IsPunct(src, "+") || inSet(intervalWords, src, toks[i])) {
				i++
			}
		case t.Is(src, "AS"): // CAST(x AS type): the type is no column
			i += 2
		case t.Kind == Ident && inSet(predicateWords, src, t):
			i++
		case t.Kind == Ident || t.Kind == QuotedIdent:
			name, n := dottedName(src, toks[i:])
			if i+n < len(toks) && toks[i+n].IsPunct(src, "(") {
				i += n // a function name
				continue
			}
			if !hasColumn(cols, name) {
				cols = append(cols, Column{Name: name, Span: Span{t.Start, toks[i+n-1].End}})
			}
			i += n
		default:
			i++
		}
	}
	return cols
}

func hasColumn(cols []Column, name string) bool {
	for _, c := range cols {
		if c.Name == name {
			return true
		}
	}
	return false
}
