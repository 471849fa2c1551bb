package sql

// create reads CREATE [OR REPLACE | OR REFRESH] ... TABLE / MATERIALIZED VIEW
// and REPLACE TABLE; other CREATE statements are *Other.
func (p *parser) create(h Head) Statement {
	st := &CreateTable{}
	orReplace := false
	if p.accept("REPLACE") {
		st.Table = TableReplace
	} else {
		p.pos++ // CREATE
		if p.acceptSeq("OR", "REPLACE") {
			orReplace = true
		} else if p.acceptSeq("OR", "REFRESH") {
			st.OrRefresh = true
		}
	}
	streaming := p.createModifiers(st)
	switch {
	case p.accept("TABLE"):
		switch {
		case streaming:
			st.Table = TableStreaming
		case st.Live:
			st.Table = TableMaterializedView
		case st.Table == TableReplace:
		case orReplace:
			st.Table = TableCreateOrReplace
		default:
			st.Table = TableCreate
		}
	case p.acceptSeq("MATERIALIZED", "VIEW"):
		st.Table = TableMaterializedView
	default:
		return p.other(h) // a view, function, schema...
	}
	st.IfNotExists = p.acceptSeq("IF", "NOT", "EXISTS")
	name, ok := p.name()
	if !ok {
		return p.unread(h, StmtCreateTable, "no table name")
	}
	if p.at("LIKE") {
		return p.other(h) // copies another table's definition
	}
	h.Kind = StmtCreateTable
	st.Head, st.Name, st.LastClause = h, name, name.Span
	p.createClauses(st)
	return st
}

// createModifiers reads the words between CREATE [OR ...] and TABLE/VIEW and
// reports whether STREAMING was among them.
func (p *parser) createModifiers(st *CreateTable) (streaming bool) {
	for {
		switch {
		case p.accept("TEMPORARY"), p.accept("TEMP"):
			st.Temporary = true
		case p.accept("EXTERNAL"):
			st.External = true
		case p.accept("STREAMING"):
			streaming = true
		case p.accept("LIVE"):
			st.Live = true
		case p.accept("PRIVATE"), p.accept("GLOBAL"):
		default:
			return streaming
		}
	}
}

// createClauseWords start the clauses of a table definition; an unknown
// clause is passed over up to the next of them.
var createClauseWords = map[string]bool{
	"USING": true, "OPTIONS": true, "PARTITIONED": true, "CLUSTER": true, "CLUSTERED": true,
	"LOCATION": true, "COMMENT": true, "TBLPROPERTIES": true, "DEFAULT": true, "WITH": true,
	"ROW": true, "STORED": true, "SCHEDULE": true, "TRIGGER": true, "AS": true, "FLOW": true,
	"SHALLOW": true, "DEEP": true, "CLONE": true,
}

// createClauses reads the clauses after the table name, in any order, up to
// the query.
func (p *parser) createClauses(st *CreateTable) {
	afterName := p.pos
	atClauseWord := func(t Token) bool { return inSet(createClauseWords, p.src, t) }
	for !p.done() {
		start := p.pos
		kw := p.tok(0)
		ok := true
		switch {
		case p.pos == afterName && p.atPunct("("):
			st.Columns, ok = p.columnDefs()
		case p.accept("USING"):
			ok = p.format(st)
		case p.acceptSeq("STORED", "AS"):
			st.Hive = true
			ok = p.format(st)
		case p.at("SHALLOW") || p.at("DEEP") || p.at("CLONE"):
			ok = p.clone(st)
		case p.accept("OPTIONS"):
			st.Options = p.properties(kw.Start, true)
			ok = st.Options != nil
		case p.accept("TBLPROPERTIES"):
			st.Properties = p.properties(kw.Start, true)
			ok = st.Properties != nil
		case p.acceptSeq("PARTITIONED", "BY"):
			st.PartitionedBy = p.columnList(kw.Start)
			ok = st.PartitionedBy != nil
		case p.acceptSeq("CLUSTER", "BY"):
			st.ClusterBy = p.clustering(kw.Start)
			ok = st.ClusterBy != nil
		case p.acceptSeq("CLUSTERED", "BY"):
			ok = p.buckets()
		case p.accept("LOCATION"):
			st.Location, ok = p.optLiteral()
		case p.accept("COMMENT"):
			st.Comment, ok = p.optLiteral()
		case p.acceptSeq("DEFAULT", "COLLATION"):
			_, ok = p.column()
		case p.accept("WITH"):
			ok = p.withClause()
		case p.acceptSeq("ROW", "FORMAT"):
			st.Hive = true
			p.skipTo(atClauseWord)
		case p.accept("SCHEDULE"), p.acceptSeq("TRIGGER", "ON"):
			p.skipTo(atClauseWord)
		case p.accept("AS"), p.accept("FLOW"):
			st.As, st.AsSelect = tokSpan(kw), true
			if kw.Is(p.src, "AS") {
				st.Copies = p.copySource(p.pos)
			}
			p.pos = len(p.code)
			return
		default:
			ok = false
			p.pos++
		}
		if !ok {
			p.skipTo(atClauseWord)
			p.gap(start)
			continue
		}
		st.LastClause = Span{kw.Start, p.prevEnd()}
	}
}

// format reads the format after USING or STORED AS.
func (p *parser) format(st *CreateTable) bool {
	start := p.tok(0).Start
	text, _, ok := p.dotted()
	if !ok {
		return false
	}
	st.Using, st.UsingSpan = text, Span{start, p.prevEnd()}
	return true
}

// clone reads [SHALLOW | DEEP] CLONE source [VERSION AS OF n | TIMESTAMP AS OF t].
func (p *parser) clone(st *CreateTable) bool {
	start := p.tok(0).Start
	if !p.accept("SHALLOW") {
		p.accept("DEEP")
	}
	if !p.accept("CLONE") {
		return false
	}
	if _, ok := p.name(); !ok {
		return false
	}
	if p.acceptSeq("VERSION", "AS", "OF") || p.acceptSeq("TIMESTAMP", "AS", "OF") {
		if _, ok := p.literal(); !ok {
			return false
		}
	}
	st.Clone = Span{start, p.prevEnd()}
	return true
}

// optLiteral reads the literal of LOCATION or COMMENT.
func (p *parser) optLiteral() (*Literal, bool) {
	l, ok := p.literal()
	if !ok {
		return nil, false
	}
	return &l, true
}

// buckets reads the rest of CLUSTERED BY (cols) [SORTED BY (cols)] INTO n BUCKETS.
func (p *parser) buckets() bool {
	if !p.atPunct("(") || p.skipGroup() < 0 {
		return false
	}
	if p.acceptSeq("SORTED", "BY") {
		if !p.atPunct("(") || p.skipGroup() < 0 {
			return false
		}
	}
	if !p.accept("INTO") || p.tok(0).Kind != Number {
		return false
	}
	p.pos++
	return p.accept("BUCKETS")
}

// withClause reads what follows WITH in a table definition: ROW FILTER,
// SERDEPROPERTIES, or the (CREDENTIAL ...) of a LOCATION.
func (p *parser) withClause() bool {
	switch {
	case p.atPunct("("):
		return p.skipGroup() >= 0
	case p.acceptSeq("ROW", "FILTER"):
		if _, ok := p.name(); !ok || !p.accept("ON") || !p.atPunct("(") {
			return false
		}
		return p.skipGroup() >= 0
	case p.accept("SERDEPROPERTIES"):
		return p.atPunct("(") && p.skipGroup() >= 0
	}
	return false
}
