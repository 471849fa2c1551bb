package sql

// Parse tokenizes src, splits it into statements at ';' (and at GO lines,
// see goSeparator) and reads each one.
// It never fails: statements it does not know are *Other, those it knows
// but cannot read are *Other with Unread set.
func Parse(src []byte) *Script {
	s := &Script{Tokens: Tokenize(src)}
	p := parser{src: src}
	s.Statements = p.statements(s.Tokens, nil)
	return s
}

// A Reader parses one script after another with the same buffers, so that
// reading many small scripts (the SQL strings of a Python file) allocates
// little more than their statements. The Script it returns, and the tokens
// it and its statements hold, are valid until its next Parse. The zero
// Reader is ready to use.
type Reader struct {
	script Script
	p      parser
}

// Parse is Parse, reusing r's buffers.
func (r *Reader) Parse(src []byte) *Script {
	s := &r.script
	clear(s.Statements) // let the old statements go
	s.Tokens = appendTokens(s.Tokens[:0], src, 0, len(src))
	clear(r.p.others)
	r.p.src, r.p.others, r.p.reuse = src, r.p.others[:0], true
	s.Statements = r.p.statements(s.Tokens, s.Statements[:0])
	return s
}

// statements appends the statements read from toks to dst.
func (p *parser) statements(toks []Token, dst []Statement) []Statement {
	eachStatement(p.src, toks, func(stmt []Token) {
		if st := p.statement(stmt); st != nil {
			dst = append(dst, st)
		}
	})
	return dst
}

// Split returns the spans of the statements of src: ';' outside strings and
// comments ends a statement. Statements holding only comments are left out.
func Split(src []byte) []Span {
	var spans []Span
	eachStatement(src, Tokenize(src), func(stmt []Token) {
		first, last := -1, -1
		for i, t := range stmt {
			if t.Kind != Comment && t.Kind != HintComment {
				if first < 0 {
					first = i
				}
				last = i
			}
		}
		if first >= 0 {
			spans = append(spans, Span{stmt[first].Start, stmt[last].End})
		}
	})
	return spans
}

// eachStatement calls fn with the tokens of each statement: ';' and GO
// lines separate them.
func eachStatement(src []byte, toks []Token, fn func([]Token)) {
	start := 0
	for i, t := range toks {
		if t.Kind == Punct && t.End-t.Start == 1 && src[t.Start] == ';' || goSeparator(src, toks, i) {
			fn(toks[start:i])
			start = i + 1
		}
	}
	if start < len(toks) {
		fn(toks[start:])
	}
}

// goSeparator reports whether toks[i] is a GO batch separator: GO, in any
// case, alone on its line but for a ';' and spaces. Migration tools write
// it between statements; Spark has no statement GO, and a column named go
// alone on a line comes after a comma, a parenthesis or a keyword that
// wants it.
func goSeparator(src []byte, toks []Token, i int) bool {
	t := toks[i]
	if !t.Is(src, "GO") {
		return false
	}
	for j := t.Start - 1; j >= 0 && src[j] != '\n'; j-- {
		if src[j] != ' ' && src[j] != '\t' {
			return false
		}
	}
	for j := t.End; j < len(src) && src[j] != '\n'; j++ {
		switch src[j] {
		case ' ', '\t', '\r', ';':
		default:
			return false
		}
	}
	for j := i - 1; j >= 0; j-- {
		p := toks[j]
		if p.Kind == Comment || p.Kind == HintComment {
			continue
		}
		if p.Kind == Punct && !p.IsPunct(src, ";") && !p.IsPunct(src, ")") {
			return false // a list or an expression goes on
		}
		for _, kw := range []string{"SELECT", "AS", "BY", "FROM", "JOIN", "TABLE", "INTO", "WHERE", "AND", "OR", "ON", "SET"} {
			if p.Is(src, kw) {
				return false
			}
		}
		break
	}
	return true
}

// parser reads one statement at a time; its buffers are reused across
// statements of a script.
type parser struct {
	src   []byte
	code  []Token  // the statement's tokens, comments and hints left out: never written to
	buf   []Token  // code's buffer when the statement has comments
	hints []hintAt // hints that follow a SELECT
	pos   int      // index into code
	end   int      // offset just after the statement's last code token
	gaps  []Span
	// reuse is set for a Reader's parser: the statements it does not read
	// are then cut from others, which the next script reuses.
	reuse  bool
	others []Other
}

// other returns the statement of head h that is not read.
func (p *parser) other(h Head) *Other {
	if !p.reuse {
		return &Other{Head: h}
	}
	if len(p.others) == cap(p.others) {
		// a new array: the statements cut from the old one stay valid
		p.others = make([]Other, 0, max(16, 2*cap(p.others)))
	}
	p.others = append(p.others, Other{Head: h})
	return &p.others[len(p.others)-1]
}

// hasComment reports whether toks hold a comment or a hint.
func hasComment(toks []Token) bool {
	for _, t := range toks {
		if t.Kind == Comment || t.Kind == HintComment {
			return true
		}
	}
	return false
}

// codeOf returns the tokens of all but comments and hints, in p's buffer,
// and notes the hints that follow a SELECT.
func (p *parser) codeOf(all []Token) []Token {
	code := p.buf[:0]
	depth := 0
	for _, t := range all {
		switch t.Kind {
		case Comment:
			continue
		case HintComment:
			if n := len(code); n > 0 && code[n-1].Is(p.src, "SELECT") {
				p.hints = append(p.hints, hintAt{tok: t, sel: n - 1, depth: depth})
			}
			continue
		case Punct:
			if t.IsPunct(p.src, "(") {
				depth++
			} else if t.IsPunct(p.src, ")") {
				depth--
			}
		}
		code = append(code, t)
	}
	p.buf = code
	return code
}

// hintAt is a hint comment following the SELECT at code[sel], at
// parenthesis depth depth.
type hintAt struct {
	tok   Token
	sel   int
	depth int
}

func (p *parser) statement(all []Token) Statement {
	p.hints, p.pos, p.gaps = p.hints[:0], 0, nil
	p.code = all // most statements have no comment: their code is all their tokens
	if hasComment(all) {
		p.code = p.codeOf(all)
	}
	if len(p.code) == 0 {
		return nil
	}
	p.end = p.code[len(p.code)-1].End
	h := Head{
		Span:    Span{p.code[0].Start, p.end},
		Keyword: tokSpan(p.code[0]),
		Tokens:  all,
	}
	st := p.dispatch(h)
	if hd := st.Header(); hd.Unread == "" && hd.Kind != StmtOther {
		hd.Gaps = p.gaps
	}
	return st
}

func (p *parser) dispatch(h Head) Statement {
	switch {
	case p.at("CREATE"):
		return p.create(h)
	case p.at("REPLACE") && p.peekIs(1, "TABLE"):
		return p.create(h)
	case p.at("ALTER") && p.peekIs(1, "TABLE"):
		return p.alter(h)
	case p.at("INSERT"):
		return p.insert(h)
	case p.at("WITH"): // common table expressions, then maybe an INSERT
		p.skipCTEs()
		if p.at("INSERT") {
			h.Keyword = tokSpan(p.tok(0))
			return p.insert(h)
		}
	case p.at("MERGE"):
		return p.merge(h)
	case p.at("UPDATE"):
		return p.update(h)
	case p.at("DELETE"):
		return p.delete(h)
	case p.at("OPTIMIZE"):
		return p.optimize(h)
	case p.at("VACUUM"):
		return p.vacuum(h)
	case p.at("SET"):
		return p.set(h)
	}
	return p.other(h)
}

// unread returns a statement of kind k that could not be read.
func (p *parser) unread(h Head, k Kind, why string) Statement {
	h.Kind, h.Unread = k, why
	return p.other(h)
}

// tok returns the code token k places from the current one; past the end
// it returns an EOF token at the statement's end.
func (p *parser) tok(k int) Token {
	if i := p.pos + k; i >= 0 && i < len(p.code) {
		return p.code[i]
	}
	return Token{Kind: EOF, Start: p.end, End: p.end}
}

func (p *parser) done() bool                   { return p.pos >= len(p.code) }
func (p *parser) at(kw string) bool            { return p.tok(0).Is(p.src, kw) }
func (p *parser) peekIs(k int, kw string) bool { return p.tok(k).Is(p.src, kw) }
func (p *parser) atPunct(op string) bool       { return p.tok(0).IsPunct(p.src, op) }

// prevEnd is the end offset of the token before the current one.
func (p *parser) prevEnd() int {
	if p.pos == 0 {
		return p.code[0].Start
	}
	return p.tok(-1).End
}

func (p *parser) accept(kw string) bool {
	if p.at(kw) {
		p.pos++
		return true
	}
	return false
}

func (p *parser) acceptPunct(op string) bool {
	if p.atPunct(op) {
		p.pos++
		return true
	}
	return false
}

// acceptSeq consumes the words kws when they all come next, else nothing.
func (p *parser) acceptSeq(kws ...string) bool {
	for i, kw := range kws {
		if !p.peekIs(i, kw) {
			return false
		}
	}
	p.pos += len(kws)
	return true
}

// skipGroup steps over the parenthesized group opening at the current
// token and returns the index of its closing parenthesis, or -1 when the
// group is not closed (the statement is then consumed).
func (p *parser) skipGroup() int {
	depth := 0
	for ; p.pos < len(p.code); p.pos++ {
		t := p.code[p.pos]
		if t.Kind != Punct {
			continue
		}
		if t.IsPunct(p.src, "(") {
			depth++
		} else if t.IsPunct(p.src, ")") {
			if depth--; depth <= 0 {
				p.pos++
				return p.pos - 1
			}
		}
	}
	return -1
}

// skipTo advances to the next token at the current nesting level that stop
// accepts (or to the end) and returns whether one was found.
func (p *parser) skipTo(stop func(Token) bool) bool {
	depth := 0
	for ; p.pos < len(p.code); p.pos++ {
		t := p.code[p.pos]
		if depth == 0 && stop(t) {
			return true
		}
		if t.Kind == Punct {
			if t.IsPunct(p.src, "(") {
				depth++
			} else if t.IsPunct(p.src, ")") {
				if depth == 0 {
					return false
				}
				depth--
			}
		}
	}
	return false
}

// gap records the tokens from index from up to the current one as not understood.
func (p *parser) gap(from int) {
	if from >= p.pos || from >= len(p.code) {
		return
	}
	s := Span{p.code[from].Start, p.code[min(p.pos, len(p.code))-1].End}
	if n := len(p.gaps); n > 0 && p.gaps[n-1].End >= s.Start {
		p.gaps[n-1].End = max(p.gaps[n-1].End, s.End)
		return
	}
	p.gaps = append(p.gaps, s)
}

// skipRest records whatever is left of the statement as a gap.
func (p *parser) skipRest() {
	from := p.pos
	p.pos = len(p.code)
	p.gap(from)
}

// skipCTEs steps over WITH [RECURSIVE] name [(cols)] AS (query), ...
func (p *parser) skipCTEs() {
	if !p.accept("WITH") {
		return
	}
	p.accept("RECURSIVE")
	for !p.done() {
		if _, ok := p.column(); !ok {
			return
		}
		if p.atPunct("(") {
			p.skipGroup()
		}
		p.accept("AS")
		if !p.atPunct("(") {
			return
		}
		p.skipGroup()
		if !p.acceptPunct(",") {
			return
		}
	}
}
