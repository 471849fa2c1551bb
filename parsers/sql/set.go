package sql

// set reads SET key = value. SET alone, SET -v, SET key (which show
// settings) and SET VAR / TIME ZONE / CATALOG are *Other.
func (p *parser) set(h Head) Statement {
	p.pos++ // SET
	first := p.tok(0)
	if p.done() || first.IsPunct(p.src, "-") || first.IsPunct(p.src, "(") ||
		(first.Is(p.src, "VAR") || first.Is(p.src, "VARIABLE")) && !p.tok(1).IsPunct(p.src, ".") {
		return p.other(h)
	}
	eq := -1
	for i := p.pos; i < len(p.code); i++ {
		if p.code[i].IsPunct(p.src, "=") {
			eq = i
			break
		}
	}
	if eq < 0 {
		return p.other(h)
	}
	if eq == p.pos {
		return p.unread(h, StmtSet, "SET without a key")
	}
	st := &Set{KeySpan: Span{first.Start, p.code[eq-1].End}}
	if eq == p.pos+1 && first.Kind == QuotedIdent {
		st.Key = first.Value(p.src)
	} else {
		st.Key = string(p.src[st.KeySpan.Start:st.KeySpan.End])
	}
	p.pos = eq + 1
	switch l, ok := p.literal(); {
	case eq+1 == len(p.code): // nothing after '='
		st.Value = Literal{Kind: LitString, Span: Span{p.end, p.end}}
	case ok && p.done():
		st.Value = l
	default:
		v := Span{p.code[eq+1].Start, p.end}
		st.Value = Literal{Kind: LitString, Text: string(p.src[v.Start:v.End]), Span: v}
	}
	p.pos = len(p.code)
	h.Kind = StmtSet
	st.Head = h
	return st
}
