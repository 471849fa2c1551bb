package sql

import (
	"strconv"
	"strings"
)

// isNamePart reports whether t can be (part of) an identifier: a word, a
// quoted word, a parameter, or digits glued to one of those.
func isNamePart(t Token) bool {
	return t.Kind == Ident || t.Kind == QuotedIdent || t.Kind == Param
}

// dotted reads a dotted identifier chain at the current token, joining glued
// pieces such as events_${env}. It returns the joined text (backticks
// removed), the number of parts, and whether there was one.
func (p *parser) dotted() (text string, parts int, ok bool) {
	start := p.pos
	plain := true // no backticks and no spaces: the text is the source
	for isNamePart(p.tok(0)) {
		plain = plain && p.tok(0).Kind != QuotedIdent && (p.pos == start || p.tok(0).Start == p.tok(-1).End)
		p.pos++
		for t := p.tok(0); (isNamePart(t) || t.Kind == Number) && t.Start == p.tok(-1).End; t = p.tok(0) {
			plain = plain && t.Kind != QuotedIdent
			p.pos++
		}
		parts++
		if p.atPunct(".") && isNamePart(p.tok(1)) {
			plain = plain && p.tok(0).Start == p.tok(-1).End
			p.pos++
			continue
		}
		break
	}
	if parts == 0 {
		return "", 0, false
	}
	if plain {
		return string(p.src[p.code[start].Start:p.prevEnd()]), parts, true
	}
	var sb strings.Builder
	for _, t := range p.code[start:p.pos] {
		if t.Kind == Punct {
			sb.WriteByte('.')
		} else {
			sb.WriteString(t.Value(p.src))
		}
	}
	return sb.String(), parts, true
}

// name reads a table reference: a dotted name, format.`/path`, a string
// path, or an IDENTIFIER(...) clause.
func (p *parser) name() (Name, bool) {
	t := p.tok(0)
	if t.Kind == String {
		p.pos++
		return Name{Path: t.Value(p.src), Span: tokSpan(t)}, true
	}
	if t.Is(p.src, "IDENTIFIER") && p.tok(1).IsPunct(p.src, "(") {
		p.pos++
		open := p.pos
		close := p.skipGroup()
		n := Name{Span: Span{t.Start, p.prevEnd()}}
		n.Text = p.identifierText(p.code[open+1 : close])
		return n, true
	}
	start := p.pos
	text, parts, ok := p.dotted()
	if !ok {
		return Name{}, false
	}
	n := Name{Text: text, Span: Span{t.Start, p.prevEnd()}}
	// format.`/path`: exactly a bare word, a dot and a quoted word
	if parts == 2 && p.pos-start == 3 && t.Kind == Ident && p.code[start+2].Kind == QuotedIdent {
		path := p.code[start+2].Value(p.src)
		format := strings.ToLower(string(t.Text(p.src)))
		if fileFormats[format] || strings.ContainsAny(path, "/:") {
			n.Text, n.Path, n.Format = "", path, format
		}
	}
	return n, true
}

// identifierText joins what an IDENTIFIER(...) clause names: string
// literals and parameters, alone or concatenated with ||, as in
// IDENTIFIER(:catalog || '.sales.events'). A parameter keeps its spelling, so
// the name is known by its known parts. A bare word is a session variable
// (DECLARE VARIABLE t), kept as {t}: a value the statement does not give.
// Anything else (a function call, a column) leaves the name unknown ("").
func (p *parser) identifierText(toks []Token) string {
	var sb strings.Builder
	for i, t := range toks {
		if i%2 == 1 {
			if !t.IsPunct(p.src, "||") {
				return ""
			}
			continue
		}
		switch t.Kind {
		case String:
			sb.WriteString(t.Value(p.src))
		case Param:
			sb.Write(t.Text(p.src))
		case Ident:
			sb.WriteByte('{')
			sb.Write(t.Text(p.src))
			sb.WriteByte('}')
		default:
			return ""
		}
	}
	if len(toks)%2 == 0 {
		return ""
	}
	return sb.String()
}

// fileFormats are the formats Spark reads through format.`path` references.
var fileFormats = map[string]bool{
	"delta": true, "parquet": true, "orc": true, "json": true, "csv": true,
	"text": true, "avro": true, "binaryfile": true, "iceberg": true,
}

// column reads a column reference: a dotted name.
func (p *parser) column() (Column, bool) {
	start := p.tok(0).Start
	text, _, ok := p.dotted()
	if !ok {
		return Column{}, false
	}
	return Column{Name: text, Span: Span{start, p.prevEnd()}}, true
}

// literal reads a constant: a string (adjacent strings concatenated), a
// signed number, TRUE/FALSE, or a parameter standing for a value.
func (p *parser) literal() (Literal, bool) {
	t := p.tok(0)
	switch {
	case t.Kind == String:
		l := Literal{Kind: LitString, Text: t.Value(p.src), Span: tokSpan(t)}
		p.pos++
		for p.tok(0).Kind == String {
			l.Text += p.tok(0).Value(p.src)
			l.Span.End = p.tok(0).End
			p.pos++
		}
		return l, true
	case t.Kind == Number:
		p.pos++
		return numberLiteral(p.src, t.Start, t.End), true
	case (t.IsPunct(p.src, "-") || t.IsPunct(p.src, "+")) && p.tok(1).Kind == Number:
		p.pos += 2
		return numberLiteral(p.src, t.Start, p.tok(-1).End), true
	case t.Is(p.src, "TRUE"), t.Is(p.src, "FALSE"):
		p.pos++
		return Literal{Kind: LitBool, Bool: t.Is(p.src, "TRUE"), Text: string(t.Text(p.src)), Span: tokSpan(t)}, true
	case t.Kind == Param:
		p.pos++
		return Literal{Kind: LitOther, Text: string(t.Text(p.src)), Span: tokSpan(t)}, true
	}
	return Literal{}, false
}

// numberLiteral reads the number in src[start:end]; a sign may be separated
// from the digits by spaces.
func numberLiteral(src []byte, start, end int) Literal {
	text := string(src[start:end])
	l := Literal{Kind: LitOther, Text: text, Span: Span{start, end}}
	digits := strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, text)
	digits = strings.TrimRight(digits, "lLsSyYdDfFbB")
	if i, err := strconv.ParseInt(digits, 10, 64); err == nil {
		l.Kind, l.Int = LitInt, i
		return l
	}
	if f, err := strconv.ParseFloat(digits, 64); err == nil {
		l.Kind, l.Float = LitFloat, f
	}
	return l
}

// atListEnd matches the ',' or ')' that ends an element of a list.
func (p *parser) atListEnd(t Token) bool {
	return t.IsPunct(p.src, ",") || t.IsPunct(p.src, ")")
}

// list calls elem for each comma-separated element of the parenthesized
// list opening at the current token, and steps past the list. elem reads
// what it knows of the element; the rest of the element becomes a gap.
// It returns the offsets of the parentheses (close is -1 when unclosed),
// and ok false when no list opens here.
func (p *parser) list(elem func()) (open, close int, ok bool) {
	if !p.atPunct("(") {
		return 0, 0, false
	}
	open = p.tok(0).Start
	p.pos++
	for !p.done() {
		if p.acceptPunct(")") {
			return open, p.tok(-1).Start, true
		}
		if p.acceptPunct(",") {
			continue
		}
		before := p.pos
		elem()
		from := p.pos
		p.skipTo(p.atListEnd)
		p.gap(from)
		if p.pos == before && !p.done() && !p.atListEnd(p.tok(0)) {
			p.pos++ // no progress: never loop forever
		}
	}
	return open, -1, true
}

// properties reads a TBLPROPERTIES/OPTIONS list of key = value entries (keys
// only when withValues is false) whose keyword starts at kwStart.
func (p *parser) properties(kwStart int, withValues bool) *Properties {
	props := &Properties{}
	open, close, ok := p.list(func() {
		e := Property{}
		t := p.tok(0)
		if t.Kind == String {
			e.Key = strings.ToLower(t.Value(p.src))
			p.pos++
		} else {
			key, _, ok := p.dotted()
			if !ok {
				return
			}
			e.Key = strings.ToLower(key)
		}
		e.KeySpan = Span{t.Start, p.prevEnd()}
		e.Span = e.KeySpan
		if withValues {
			eq := p.acceptPunct("=")
			if v, ok := p.literal(); ok {
				e.Value = v
				e.Span.End = v.Span.End
			} else if eq {
				p.gap(p.pos - 1) // '=' without a value
			}
		}
		props.Entries = append(props.Entries, e)
	})
	if !ok {
		return nil
	}
	props.Open, props.Close = open, close
	props.Span = Span{kwStart, p.prevEnd()}
	return props
}

// columnList reads a parenthesized list of columns. An element that is an
// expression (days(ts), bucket(8, id)) gives a Column without a name; what
// follows a name (a type in PARTITIONED BY (d DATE)) is passed over.
func (p *parser) columnList(kwStart int) *ColumnList {
	cl := &ColumnList{}
	_, _, ok := p.list(func() {
		start := p.tok(0).Start
		c, ok := p.column()
		if !ok {
			return
		}
		if p.atPunct("(") {
			p.skipGroup()
			c = Column{Span: Span{start, p.prevEnd()}}
		}
		cl.Columns = append(cl.Columns, c)
		p.skipTo(p.atListEnd) // a type or a sort order belongs here
	})
	if !ok {
		return nil
	}
	cl.Span = Span{kwStart, p.prevEnd()}
	return cl
}

// bareColumns reads c1, c2, ... without parentheses.
func (p *parser) bareColumns() []Column {
	var cols []Column
	for {
		c, ok := p.column()
		if !ok {
			return cols
		}
		cols = append(cols, c)
		if !p.acceptPunct(",") {
			return cols
		}
	}
}

// clustering reads what follows CLUSTER BY: (cols), AUTO, NONE or c1, c2.
func (p *parser) clustering(kwStart int) *Clustering {
	c := &Clustering{}
	switch {
	case p.accept("AUTO"):
		c.Auto = true
	case p.accept("NONE"):
		c.None = true
	case p.atPunct("("):
		c.Columns = p.columnList(kwStart).Columns
	default:
		c.Columns = p.bareColumns()
		if len(c.Columns) == 0 {
			return nil
		}
	}
	c.Span = Span{kwStart, p.prevEnd()}
	return c
}

// columnModifiers end the type of a column definition.
var columnModifiers = map[string]bool{
	"NOT": true, "NULL": true, "GENERATED": true, "DEFAULT": true, "COMMENT": true,
	"MASK": true, "CONSTRAINT": true, "PRIMARY": true, "REFERENCES": true, "COLLATE": true,
}

// tableConstraints start an element of a table specification that is no column.
var tableConstraints = map[string]bool{
	"CONSTRAINT": true, "PRIMARY": true, "FOREIGN": true, "UNIQUE": true, "CHECK": true,
}

// columnDefs reads a table specification: (name type [modifiers], ..., constraints).
func (p *parser) columnDefs() ([]ColumnDef, bool) {
	var defs []ColumnDef
	_, _, ok := p.list(func() {
		t := p.tok(0)
		if inSet(tableConstraints, p.src, t) {
			p.skipTo(p.atListEnd)
			return
		}
		c, ok := p.column()
		if !ok {
			return
		}
		d := ColumnDef{Name: c.Name, Span: c.Span}
		typeStart := p.pos
		p.skipTo(func(t Token) bool { return p.atListEnd(t) || inSet(columnModifiers, p.src, t) })
		if p.pos > typeStart {
			d.Type = string(p.src[p.code[typeStart].Start:p.prevEnd()])
		}
		p.skipTo(p.atListEnd)
		d.Span.End = p.prevEnd()
		defs = append(defs, d)
	})
	return defs, ok
}

// inSet reports whether t is a word of set, which holds upper-case
// keywords of at most 24 bytes. It does not allocate.
func inSet(set map[string]bool, src []byte, t Token) bool {
	b := t.Text(src)
	if t.Kind != Ident || len(b) > 24 {
		return false
	}
	var buf [24]byte
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		buf[i] = c
	}
	return set[string(buf[:len(b)])]
}
