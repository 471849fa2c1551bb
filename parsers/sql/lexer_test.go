package sql

import (
	"fmt"
	"strings"
	"testing"
)

// render lists tokens as Kind:text, with ! marking an unterminated one.
func render(src string, toks []Token) string {
	parts := make([]string, len(toks))
	for i, t := range toks {
		mark := ""
		if t.Unterminated {
			mark = "!"
		}
		parts[i] = fmt.Sprintf("%s%s:%s", t.Kind, mark, src[t.Start:t.End])
	}
	return strings.Join(parts, " ")
}

func TestTokenize(t *testing.T) {
	tests := []struct{ src, want string }{
		{"SELECT a, b FROM t", "Ident:SELECT Ident:a Punct:, Ident:b Ident:FROM Ident:t"},
		{"'it''s' \"dq\" r'\\n'", `String:'it''s' String:"dq" String:r'\n'`},
		{`'O\'Connell' x`, `String:'O\'Connell' Ident:x`},
		{"`a``b` `main.sales`", "QuotedIdent:`a``b` QuotedIdent:`main.sales`"},
		{"a -- note\r\nb", "Ident:a Comment:-- note Ident:b"},
		{"\n# Databricks notebook source\r\nCREATE", "Comment:# Databricks notebook source Ident:CREATE"},
		{"a # b", "Ident:a Punct:# Ident:b"},
		{"a /* x /* nested */ y */ b", "Ident:a Comment:/* x /* nested */ y */ Ident:b"},
		{"SELECT /*+ REPARTITION(8) */ *", "Ident:SELECT HintComment:/*+ REPARTITION(8) */ Punct:*"},
		{"${var}.t $v :p {place}", "Param:${var} Punct:. Ident:t Param:$v Param::p Param:{place}"},
		{"a::int raw:field arr[0]:x", "Ident:a Punct::: Ident:int Ident:raw Punct:: Ident:field Ident:arr Punct:[ Number:0 Punct:] Punct:: Ident:x"},
		{"x = :n", "Ident:x Punct:= Param::n"},
		{"{ not a placeholder\n}", "Punct:{ Ident:not Ident:a Ident:placeholder Punct:}"},
		{"1.5 1e10 10L 2BD .5 3.0D 7", "Number:1.5 Number:1e10 Number:10L Number:2BD Number:.5 Number:3.0D Number:7"},
		{"2024_sales 1a", "Ident:2024_sales Ident:1a"},
		{"a<=>b != c || d >= e <> f", "Ident:a Punct:<=> Ident:b Punct:!= Ident:c Punct:|| Ident:d Punct:>= Ident:e Punct:<> Ident:f"},
		{"'unterminated", "String!:'unterminated"},
		{"/* open", "Comment!:/* open"},
		{"`open", "QuotedIdent!:`open"},
		{"/*+ open", "HintComment!:/*+ open"},
		{"'a\\", `String!:'a\`},
		{"café naïve", "Ident:café Ident:naïve"},
		{"$ @ ?", "Punct:$ Punct:@ Param:?"},
		{"{{catalog}}.s.t {{ env }}_x", "Param:{{catalog}} Punct:. Ident:s Punct:. Ident:t Param:{{ env }} Ident:_x"},
		{"{{ open\n}}", "Punct:{ Punct:{ Ident:open Punct:} Punct:}"},
		{"{% if x %}a{% endif %} {# c #}", "Comment:{% if x %} Ident:a Comment:{% endif %} Comment:{# c #}"},
		{"<bucket>.events <my-cat>.s.t", "Param:<bucket> Punct:. Ident:events Param:<my-cat> Punct:. Ident:s Punct:. Ident:t"},
		{"a<b>c x <y> z", "Ident:a Punct:< Ident:b Punct:> Ident:c Ident:x Param:<y> Ident:z"},
		{"ARRAY<STRING> MAP<a,b> a <> b f(<x>)", "Ident:ARRAY Punct:< Ident:STRING Punct:> Ident:MAP Punct:< Ident:a Punct:, Ident:b Punct:> Ident:a Punct:<> Ident:b Ident:f Punct:( Param:<x> Punct:)"},
		{"d <1> 2 (<x>=1)", "Ident:d Punct:< Number:1 Punct:> Number:2 Punct:( Punct:< Ident:x Punct:>= Number:1 Punct:)"},
		{"a;b", "Ident:a Punct:; Ident:b"},
	}
	for _, tt := range tests {
		if got := render(tt.src, Tokenize([]byte(tt.src))); got != tt.want {
			t.Errorf("Tokenize(%q)\n got: %s\nwant: %s", tt.src, got, tt.want)
		}
	}
}

func TestTokenValue(t *testing.T) {
	tests := []struct{ src, want string }{
		{`'it''s'`, "it's"},
		{`'O\'Connell'`, "O'Connell"},
		{`"say ""hi"""`, `say "hi"`},
		{`'a\nb\tc'`, "a\nb\tc"},
		{`r'a\nb'`, `a\nb`},
		{`R"C:\dir"`, `C:\dir`},
		{`'\u0041\101'`, "AA"},
		{`'50\%'`, `50\%`},
		{`'\q'`, "q"},
		{`'open`, "open"},
		{"`a``b`", "a`b"},
		{"`main.sales`", "main.sales"},
		{"plain", "plain"},
	}
	for _, tt := range tests {
		toks := Tokenize([]byte(tt.src))
		if len(toks) != 1 {
			t.Errorf("%q: %d tokens", tt.src, len(toks))
			continue
		}
		if got := toks[0].Value([]byte(tt.src)); got != tt.want {
			t.Errorf("Value(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
}

func TestTokenIs(t *testing.T) {
	src := []byte("select `select` Selected")
	toks := Tokenize(src)
	if !toks[0].Is(src, "SELECT") || toks[1].Is(src, "SELECT") || toks[2].Is(src, "SELECT") {
		t.Errorf("Is: keyword matching is wrong for %q", src)
	}
	if q := Tokenize([]byte(`r"x"`))[0].Quote([]byte(`r"x"`)); q != '"' {
		t.Errorf("Quote of a raw string = %q", q)
	}
}

func TestSplit(t *testing.T) {
	src := "SET a = 'x;y';\n-- only a comment;\nOPTIMIZE t /* ; */;;\n  SELECT \"q;\" -- trailing ;\n"
	var got []string
	for _, s := range Split([]byte(src)) {
		got = append(got, src[s.Start:s.End])
	}
	want := []string{"SET a = 'x;y'", "OPTIMIZE t", `SELECT "q;"`}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Split = %q, want %q", got, want)
	}
}

func TestParseHints(t *testing.T) {
	tests := []struct{ src, want string }{
		{"/*+ REPARTITION(8) */", "REPARTITION(Number:8)"},
		{"/*+ REPARTITION(8, c1) */", "REPARTITION(Number:8,Ident:c1)"},
		{"/*+ REPARTITION(c1, c2) */", "REPARTITION(Ident:c1,Ident:c2)"},
		{"/*+ COALESCE(1) */", "COALESCE(Number:1)"},
		{"/*+ rebalance(c) */", "REBALANCE(Ident:c)"},
		{"/*+ REBALANCE */", "REBALANCE()"},
		{"/*+ REPARTITION_BY_RANGE(3, t.c, `d e`) */", "REPARTITION_BY_RANGE(Number:3,Ident:t.c,Ident:d e)"},
		{"/*+ BROADCAST(d), COALESCE(2) */", "BROADCAST(Ident:d) COALESCE(Number:2)"},
		{"/*+ BROADCAST(d) MERGE(a, b) */", "BROADCAST(Ident:d) MERGE(Ident:a,Ident:b)"},
		{"/*+ COALESCE(${n}) */", "COALESCE(Param:${n})"},
		{"/*+ REPARTITION(4, floor(x / 2)) */", "REPARTITION(Number:4,Punct:floor(x / 2))"},
		{"/*+ REPARTITION(8", "REPARTITION(Number:8)"},
		{"/*+ */", ""},
	}
	for _, tt := range tests {
		src := []byte(tt.src)
		toks := Tokenize(src)
		hints := ParseHints(src, toks[0])
		if got := describeHints(hints); got != tt.want {
			t.Errorf("ParseHints(%q) = %s, want %s", tt.src, got, tt.want)
		}
		for _, h := range hints {
			if !strings.HasPrefix(strings.ToUpper(string(src[h.Span.Start:h.Span.End])), h.Name) {
				t.Errorf("%q: span of %s covers %q", tt.src, h.Name, src[h.Span.Start:h.Span.End])
			}
		}
	}
	src := []byte("/*+ REPARTITION(8, c1) */")
	h := ParseHints(src, Tokenize(src)[0])[0]
	if got := string(src[h.Span.Start:h.Span.End]); got != "REPARTITION(8, c1)" {
		t.Errorf("hint span covers %q", got)
	}
	if got := string(src[h.Args[1].Span.Start:h.Args[1].Span.End]); got != "c1" {
		t.Errorf("argument span covers %q", got)
	}
}
