package sql

import "testing"

// FuzzParse checks that any input tokenizes into ordered, non-empty tokens
// inside the text, and parses into statements whose spans stay inside it.
func FuzzParse(f *testing.F) {
	for _, cf := range readCorpus(f) {
		f.Add(cf.src)
	}
	for _, s := range []string{
		"SELECT /*+ REPARTITION(8, c) */ 'a''b' `c``d` ${x} :p {q} r'\\'",
		"CREATE TABLE t (a INT) TBLPROPERTIES ('k' = 1) AS SELECT 1; SET a=b",
		"/* /* */", "'\\", "`", "{", "${", "$", ":", "1e", "1.e+", "/*+", "--",
		"OPTIMIZE t WHERE INTERVAL", "VACUUM t RETAIN - 1 HOURS",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		toks := Tokenize(src)
		prev := 0
		for _, tk := range toks {
			if tk.Start < prev || tk.End <= tk.Start || tk.End > len(src) {
				t.Fatalf("bad token %+v after offset %d in %d bytes", tk, prev, len(src))
			}
			prev = tk.End
			_ = tk.Value(src)
			for _, h := range ParseHints(src, tk) {
				if h.Span.Start < tk.Start || h.Span.End > tk.End || h.Span.Start > h.Span.End {
					t.Fatalf("hint span %+v outside its comment %+v", h.Span, tk)
				}
			}
		}
		for _, st := range Parse(src).Statements {
			h := st.Header()
			if h.Span.Start < 0 || h.Span.End > len(src) || h.Span.Start >= h.Span.End {
				t.Fatalf("bad statement span %+v", h.Span)
			}
			for _, g := range h.Gaps {
				if g.Start < h.Span.Start || g.End > h.Span.End || g.Start > g.End {
					t.Fatalf("gap %+v outside statement %+v", g, h.Span)
				}
			}
			if ct, ok := st.(*CreateTable); ok {
				if ct.LastClause.Start < h.Span.Start || ct.LastClause.End > h.Span.End {
					t.Fatalf("last clause %+v outside statement %+v", ct.LastClause, h.Span)
				}
			}
		}
	})
}
