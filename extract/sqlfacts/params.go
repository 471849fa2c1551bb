package sqlfacts

import (
	"github.com/lakelint/lakelint/extract/params"
	"github.com/lakelint/lakelint/parsers/sql"
)

// giveSet gives a SET key's value to ${key}.
func (x *extractor) giveSet(st *sql.Set) {
	v := st.Value
	known := v.Kind != sql.LitOther && v.Kind != sql.LitNone
	x.params.Give(params.Given{Source: params.Conf, Name: st.Key, Value: v.Text, Known: known})
}

// giveDeclared reads the statements that give a placeholder its value
// without being read otherwise: CREATE WIDGET TEXT x DEFAULT 'v' (and
// DROPDOWN, COMBOBOX, MULTISELECT), DECLARE [OR REPLACE] [VARIABLE] x
// [type] DEFAULT 'v' (or = 'v') and SET VAR[IABLE] x = 'v'.
func (x *extractor) giveDeclared(st *sql.Other) {
	code := make([]sql.Token, 0, 8)
	for _, t := range st.Tokens {
		if t.Kind != sql.Comment && t.Kind != sql.HintComment && !t.IsPunct(x.src, ";") {
			code = append(code, t)
		}
	}
	is := func(i int, kw string) bool { return i < len(code) && code[i].Is(x.src, kw) }
	name := func(i int) string {
		if i < len(code) && (code[i].Kind == sql.Ident || code[i].Kind == sql.QuotedIdent) {
			return code[i].Value(x.src)
		}
		return ""
	}
	switch {
	case is(0, "CREATE") && is(1, "WIDGET"):
		if n := name(3); n != "" && is(4, "DEFAULT") {
			rest := code[5:]
			for i := range rest {
				if rest[i].Is(x.src, "CHOICES") { // a dropdown's: SELECT ... or a list
					rest = rest[:i]
					break
				}
			}
			x.give(params.Widget, n, rest)
		}
	case is(0, "DECLARE"):
		i := 1
		if is(i, "OR") && is(i+1, "REPLACE") {
			i += 2
		}
		if is(i, "VARIABLE") || is(i, "VAR") {
			i++
		}
		n := name(i)
		if n == "" {
			return
		}
		for j := i + 1; j < len(code); j++ {
			if code[j].Is(x.src, "DEFAULT") || code[j].IsPunct(x.src, "=") {
				x.give(params.Variable, n, code[j+1:])
				return
			}
		}
		// no default: NULL until SET VAR gives one
		x.params.Give(params.Given{Source: params.Variable, Name: n})
	case is(0, "SET") && (is(1, "VAR") || is(1, "VARIABLE")):
		if n := name(2); n != "" && len(code) > 3 && code[3].IsPunct(x.src, "=") {
			x.give(params.Variable, n, code[4:])
		}
	}
}

// give gives name the value written as rest: known when it is one string
// or number literal.
func (x *extractor) give(src params.Source, name string, rest []sql.Token) {
	g := params.Given{Source: src, Name: name}
	if len(rest) == 1 && (rest[0].Kind == sql.String || rest[0].Kind == sql.Number) {
		g.Value, g.Known = rest[0].Value(x.src), true
	}
	x.params.Give(g)
}
