package sql

import "strings"

// Hint is one hint of a /*+ ... */ comment, such as REPARTITION(8, c1).
type Hint struct {
	Name string // upper-cased
	Span Span   // from the name to the closing parenthesis
	Args []HintArg
}

// HintArg is one argument of a hint.
type HintArg struct {
	// Kind is Number, String, Param, or Ident for a column name (dotted
	// names joined); Punct marks any other expression.
	Kind TokenKind
	Text string // the decoded value or name, the source text otherwise
	Span Span
}

// ParseHints reads the hints of a HintComment token. Hints are separated by commas
// or spaces; what is not a hint is passed over.
func ParseHints(src []byte, t Token) []Hint {
	if t.Kind != HintComment {
		return nil
	}
	start, end := t.Start+3, t.End
	if !t.Unterminated {
		end -= 2
	}
	if start >= end {
		return nil
	}
	toks := appendTokens(nil, src, start, end)
	var hints []Hint
	for i := 0; i < len(toks); i++ {
		if toks[i].Kind != Ident {
			continue
		}
		h := Hint{Name: strings.ToUpper(string(toks[i].Text(src))), Span: Span{toks[i].Start, toks[i].End}}
		if i+1 < len(toks) && toks[i+1].IsPunct(src, "(") {
			var close int
			h.Args, close = hintArgs(src, toks, i+1)
			h.Span.End = toks[close].End
			i = close
		}
		hints = append(hints, h)
	}
	return hints
}

// hintArgs reads the arguments in the parentheses opening at toks[open] and
// returns them with the index of the closing parenthesis (or the last token).
func hintArgs(src []byte, toks []Token, open int) ([]HintArg, int) {
	var args []HintArg
	depth := 0
	argStart := open + 1
	for i := open; i < len(toks); i++ {
		t := toks[i]
		if t.Kind != Punct {
			continue
		}
		switch {
		case t.IsPunct(src, "("):
			depth++
		case t.IsPunct(src, ")"):
			if depth--; depth == 0 {
				args = appendHintArg(args, src, toks[argStart:i])
				return args, i
			}
		case t.IsPunct(src, ",") && depth == 1:
			args = appendHintArg(args, src, toks[argStart:i])
			argStart = i + 1
		}
	}
	args = appendHintArg(args, src, toks[argStart:])
	return args, len(toks) - 1
}

func appendHintArg(args []HintArg, src []byte, toks []Token) []HintArg {
	for len(toks) > 0 && toks[0].Kind == Comment {
		toks = toks[1:]
	}
	if len(toks) == 0 {
		return args
	}
	a := HintArg{Kind: Punct, Span: Span{toks[0].Start, toks[len(toks)-1].End}}
	if len(toks) == 1 && toks[0].Kind != QuotedIdent {
		a.Kind = toks[0].Kind
		a.Text = toks[0].Value(src)
		return append(args, a)
	}
	if name, n := dottedName(src, toks); n == len(toks) {
		a.Kind, a.Text = Ident, name
		return append(args, a)
	}
	a.Text = string(src[a.Span.Start:a.Span.End])
	return append(args, a)
}

// dottedName joins the identifier chain at the start of toks (a.`b`.c) and
// returns it with the number of tokens it used; n is 0 when toks does not
// start with an identifier.
func dottedName(src []byte, toks []Token) (name string, n int) {
	var sb strings.Builder
	for n < len(toks) {
		t := toks[n]
		if t.Kind != Ident && t.Kind != QuotedIdent {
			break
		}
		sb.WriteString(t.Value(src))
		n++
		if n+1 < len(toks) && toks[n].IsPunct(src, ".") && (toks[n+1].Kind == Ident || toks[n+1].Kind == QuotedIdent) {
			sb.WriteByte('.')
			n++
			continue
		}
		break
	}
	return sb.String(), n
}
