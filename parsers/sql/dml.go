package sql

import "strings"

// insert reads INSERT INTO|OVERWRITE [TABLE] t [PARTITION (...)] [(cols)]
// query and INSERT OVERWRITE [LOCAL] DIRECTORY. Hints in common table
// expressions before the INSERT count as nested hints of its query.
func (p *parser) insert(h Head) Statement {
	st := &Insert{}
	p.pos++ // INSERT
	p.acceptSeq("WITH", "SCHEMA", "EVOLUTION")
	st.Mode = tokSpan(p.tok(0))
	switch {
	case p.accept("INTO"):
	case p.accept("OVERWRITE"):
		st.Overwrite = true
	default:
		return p.unread(h, StmtInsert, "INSERT without INTO or OVERWRITE")
	}
	if st.Overwrite && (p.at("DIRECTORY") || p.at("LOCAL") && p.peekIs(1, "DIRECTORY")) {
		p.directory(st)
	} else {
		p.accept("TABLE")
		name, ok := p.name()
		if !ok {
			return p.unread(h, StmtInsert, "no table name")
		}
		st.Target = name
		p.insertClauses(st)
	}
	if !p.atQueryStart() {
		return p.unread(h, StmtInsert, "no query")
	}
	st.Query = Span{p.tok(0).Start, p.end}
	st.Hints = p.queryHints(p.pos)
	st.Copies = p.copySource(p.pos)
	p.pos = len(p.code)
	h.Kind = StmtInsert
	st.Head = h
	return st
}

// directory reads DIRECTORY ['path'] [USING fmt] [OPTIONS (...)] and the
// Hive ROW FORMAT / STORED AS clauses, up to the query.
func (p *parser) directory(st *Insert) {
	st.Directory = true
	p.accept("LOCAL")
	p.accept("DIRECTORY")
	if t := p.tok(0); t.Kind == String {
		st.Target = Name{Path: t.Value(p.src), Span: tokSpan(t)}
		p.pos++
	}
	for !p.done() && !p.atQueryStart() {
		start := p.pos
		kw := p.tok(0)
		switch {
		case p.accept("USING"), p.acceptSeq("STORED", "AS"):
			st.Target.Format = strings.ToLower(p.tok(0).Value(p.src))
			p.pos++
		case p.accept("OPTIONS"):
			if opts := p.properties(kw.Start, true); opts != nil && st.Target.Path == "" {
				for _, e := range opts.Entries {
					if e.Key == "path" && e.Value.Kind == LitString {
						st.Target.Path, st.Target.Span = e.Value.Text, e.Value.Span
					}
				}
			}
		case p.acceptSeq("ROW", "FORMAT"):
			p.skipTo(func(t Token) bool { return t.Is(p.src, "STORED") || p.isQueryStart(t) })
		default:
			p.pos++
			p.gap(start)
		}
	}
}

// insertClauses reads what may come between the table and the query.
func (p *parser) insertClauses(st *Insert) {
	for !p.done() {
		switch {
		case p.accept("PARTITION"):
			p.list(func() {
				if c, ok := p.column(); ok {
					st.Partition = append(st.Partition, c)
				}
				if p.acceptPunct("=") {
					p.literal()
				}
			})
		case p.acceptSeq("IF", "NOT", "EXISTS"):
		case p.acceptSeq("BY", "NAME"):
			st.ByName = true
		case p.atPunct("(") && !p.isQueryStart(p.tok(1)):
			p.list(func() {
				if c, ok := p.column(); ok {
					st.Columns = append(st.Columns, c)
				}
			})
		case p.acceptSeq("REPLACE", "WHERE"), p.acceptSeq("REPLACE", "USING"), p.acceptSeq("REPLACE", "ON"):
			p.skipTo(p.isQueryStart)
		default:
			return
		}
	}
}

// isQueryStart reports whether t can start a query.
func (p *parser) isQueryStart(t Token) bool {
	return t.IsPunct(p.src, "(") || inSet(queryWords, p.src, t)
}

func (p *parser) atQueryStart() bool { return p.isQueryStart(p.tok(0)) }

var queryWords = map[string]bool{
	"SELECT": true, "WITH": true, "VALUES": true, "TABLE": true, "FROM": true, "MAP": true, "REDUCE": true,
}

// queryHints returns the statement's hint comments, given the query that
// starts at code index qstart: those of its outermost SELECT are not Nested.
func (p *parser) queryHints(qstart int) []QueryHints {
	if len(p.hints) == 0 {
		return nil
	}
	save := p.pos
	p.pos = qstart
	p.skipCTEs()
	for p.acceptPunct("(") {
	}
	mainStart := p.pos
	p.pos = save
	mainDepth := 0
	for _, t := range p.code[:min(mainStart, len(p.code))] {
		if t.IsPunct(p.src, "(") {
			mainDepth++
		} else if t.IsPunct(p.src, ")") {
			mainDepth--
		}
	}
	out := make([]QueryHints, 0, len(p.hints))
	for _, h := range p.hints {
		out = append(out, QueryHints{
			Span:   tokSpan(h.tok),
			Hints:  ParseHints(p.src, h.tok),
			Nested: h.sel < mainStart || h.depth != mainDepth,
		})
	}
	return out
}

// merge reads MERGE [WITH SCHEMA EVOLUTION] INTO t [[AS] alias] USING ...
func (p *parser) merge(h Head) Statement {
	p.pos++
	p.acceptSeq("WITH", "SCHEMA", "EVOLUTION")
	if !p.accept("INTO") {
		return p.unread(h, StmtMerge, "MERGE without INTO")
	}
	return p.modify(h, StmtMerge, "USING")
}

// update reads UPDATE t [[AS] alias] SET ...
func (p *parser) update(h Head) Statement {
	p.pos++
	return p.modify(h, StmtUpdate, "SET")
}

// delete reads DELETE FROM t [[AS] alias] [WHERE ...]
func (p *parser) delete(h Head) Statement {
	p.pos++
	if !p.accept("FROM") {
		return p.unread(h, StmtDelete, "DELETE without FROM")
	}
	return p.modify(h, StmtDelete, "WHERE")
}

// modify reads the target and alias of MERGE, UPDATE or DELETE; the rest
// must start with the keyword next, and is not read.
func (p *parser) modify(h Head, k Kind, next string) Statement {
	name, ok := p.name()
	if !ok {
		return p.unread(h, k, "no table name")
	}
	st := &Modify{Target: name, Alias: p.alias()}
	if !p.done() && !p.at(next) {
		p.skipRest()
	}
	p.pos = len(p.code)
	h.Kind = k
	st.Head = h
	return st
}

// aliasStops are words that follow a table name and are no alias.
var aliasStops = map[string]bool{"USING": true, "SET": true, "WHERE": true, "ON": true, "WHEN": true}

// alias reads [AS] alias after a table name.
func (p *parser) alias() string {
	t := p.tok(0)
	if p.at("AS") {
		t = p.tok(1)
		if t.Kind == Ident || t.Kind == QuotedIdent {
			p.pos += 2
			return t.Value(p.src)
		}
		return ""
	}
	if t.Kind == QuotedIdent || t.Kind == Ident && !inSet(aliasStops, p.src, t) {
		p.pos++
		return t.Value(p.src)
	}
	return ""
}
