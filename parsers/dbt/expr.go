package dbt

import (
	"strconv"
	"strings"
)

// Kind is the kind of a config value.
type Kind uint8

const (
	Unknown Kind = iota // not a literal: var('x'), a macro call, an expression
	String
	Number
	Bool
	None
	List
	Dict
)

// Value is a literal config value and where it was written.
type Value struct {
	Kind  Kind
	Str   string // String; the source text of a Number; "true"/"false" for Bool
	Bool  bool
	List  []Value
	Dict  map[string]Value
	Start int // byte offsets in File (a model file) or, for YAML, of the line start
	End   int
	// File is the YAML file a value came from; "" for the model file itself.
	File string
	// Line is the 1-based line of a value from YAML; 0 for a model's own.
	Line int
}

// Strings returns the value as a list of strings: a string is a list of one,
// a list keeps its string items. ok is false when any item is not a string.
func (v Value) Strings() (out []string, ok bool) {
	switch v.Kind {
	case String:
		return []string{v.Str}, true
	case List:
		for _, it := range v.List {
			if it.Kind != String {
				return nil, false
			}
			out = append(out, it.Str)
		}
		return out, true
	}
	return nil, false
}

// Truth reports a boolean value, accepting the strings "true"/"false" as
// YAML and Jinja authors write them.
func (v Value) Truth() (value, ok bool) {
	switch v.Kind {
	case Bool:
		return v.Bool, true
	case String:
		switch strings.ToLower(v.Str) {
		case "true":
			return true, true
		case "false":
			return false, true
		}
	}
	return false, false
}

// maxDepth bounds how deeply nested a literal is read.
const maxDepth = 32

// exprParser reads a Jinja expression's literals from src[pos:end].
type exprParser struct {
	src      []byte
	pos, end int
}

func (p *exprParser) space() {
	for p.pos < p.end {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *exprParser) peek() byte {
	p.space()
	if p.pos < p.end {
		return p.src[p.pos]
	}
	return 0
}

// value reads one expression; what is not a literal is skipped to the next
// ',' ')' ']' '}' ':' at its nesting level and returned as Unknown.
func (p *exprParser) value(depth int) Value {
	p.space()
	start := p.pos
	if p.pos >= p.end {
		return Value{Start: start, End: start}
	}
	if depth > maxDepth { // pass over what is nested deeper, unread
		if !strings.ContainsRune(",)]}:", rune(p.src[p.pos])) {
			p.pos++
		}
		p.skipExpr()
		return Value{Start: start, End: p.pos}
	}
	var v Value
	switch c := p.src[p.pos]; {
	case c == '\'' || c == '"':
		v = p.str()
	case c == '[' || c == '(':
		v = p.list(depth, map[byte]byte{'[': ']', '(': ')'}[c])
	case c == '{':
		v = p.dict(depth)
	case c == '-' || c == '.' || (c >= '0' && c <= '9'):
		v = p.word()
		if _, err := strconv.ParseFloat(v.Str, 64); err == nil {
			v.Kind = Number
		} else {
			v.Kind = Unknown
		}
	default:
		v = p.word()
		switch v.Str {
		case "true", "True":
			v.Kind, v.Bool = Bool, true
		case "false", "False":
			v.Kind, v.Bool = Bool, false
		case "none", "None":
			v.Kind = None
		default:
			v.Kind = Unknown
		}
	}
	// a literal followed by more (an operator, a filter, a call) is an expression
	if c := p.peek(); c != 0 && !strings.ContainsRune(",)]}:", rune(c)) {
		p.skipExpr()
		v = Value{Kind: Unknown}
	}
	v.Start, v.End = start, p.pos
	return v
}

// word reads a bare word, number or dotted name.
func (p *exprParser) word() Value {
	start := p.pos
	for p.pos < p.end && isWordChar(p.src[p.pos]) {
		p.pos++
	}
	if p.pos == start { // a character no expression starts with
		p.pos++
	}
	return Value{Str: string(p.src[start:p.pos])}
}

func isWordChar(c byte) bool {
	return c == '_' || c == '.' || c == '-' || c == '+' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// str reads a quoted string with backslash escapes.
func (p *exprParser) str() Value {
	q := p.src[p.pos]
	p.pos++
	var sb strings.Builder
	for p.pos < p.end && p.src[p.pos] != q {
		c := p.src[p.pos]
		if c == '\\' && p.pos+1 < p.end {
			p.pos++
			c = p.src[p.pos]
			switch c {
			case 'n':
				c = '\n'
			case 't':
				c = '\t'
			}
		}
		sb.WriteByte(c)
		p.pos++
	}
	if p.pos < p.end {
		p.pos++ // the closing quote
	}
	return Value{Kind: String, Str: sb.String()}
}

func (p *exprParser) list(depth int, closing byte) Value {
	p.pos++
	v := Value{Kind: List}
	for {
		c := p.peek()
		if c == closing {
			p.pos++
			return v
		}
		if c == 0 || c == ')' || c == ']' || c == '}' {
			return Value{Kind: Unknown}
		}
		v.List = append(v.List, p.value(depth+1))
		if p.peek() == ',' {
			p.pos++
		}
	}
}

func (p *exprParser) dict(depth int) Value {
	p.pos++
	v := Value{Kind: Dict, Dict: map[string]Value{}}
	for {
		c := p.peek()
		if c == '}' {
			p.pos++
			return v
		}
		if c == 0 || c == ')' || c == ']' {
			return Value{Kind: Unknown}
		}
		k := p.value(depth + 1)
		if p.peek() != ':' {
			p.skipExpr()
			return Value{Kind: Unknown}
		}
		p.pos++
		val := p.value(depth + 1)
		if k.Kind == String {
			v.Dict[strings.ToLower(k.Str)] = val
		}
		if p.peek() == ',' {
			p.pos++
		}
	}
}

// skipExpr passes over an expression up to the next ',' ')' ']' '}' or ':'
// at its own nesting level, strings included.
func (p *exprParser) skipExpr() {
	depth := 0
	for p.pos < p.end {
		c := p.src[p.pos]
		switch {
		case c == '\'' || c == '"':
			p.str()
			continue
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			if depth == 0 {
				return
			}
			depth--
		case (c == ',' || c == ':') && depth == 0:
			return
		}
		p.pos++
	}
}
