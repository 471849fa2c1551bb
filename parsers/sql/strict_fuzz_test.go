package sql

import (
	"bytes"
	"testing"
)

// FuzzParseStrict checks strict mode on any input: it never panics, a
// script it accepts has no unterminated token, balanced parentheses and only
// complete known statements, and adding a second copy of a TBLPROPERTIES
// clause to an accepted table definition is refused.
func FuzzParseStrict(f *testing.F) {
	for _, cf := range readCorpus(f) {
		f.Add(cf.src)
	}
	for _, s := range []string{
		"CREATE TABLE t (id INT) USING DELTA TBLPROPERTIES ('a' = 'b')",
		"CREATE TABLE h (a INT) ROW FORMAT DELIMITED FIELDS TERMINATED BY ',' STORED AS TEXTFILE",
		"CREATE TABLE t (id INT USING DELTA", "CREATE TABLE t COMMENT 'x", "CREATE TABLE t SHALLOW CLONE s",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		s, err := ParseStrict(src)
		if err != nil {
			return
		}
		depth := 0
		for _, tk := range s.Tokens {
			if tk.Unterminated {
				t.Fatalf("accepted an unterminated token %q", tk.Text(src))
			}
			if tk.IsPunct(src, "(") {
				depth++
			} else if tk.IsPunct(src, ")") {
				depth--
			}
		}
		if depth != 0 {
			t.Fatalf("accepted unbalanced parentheses")
		}
		for _, st := range s.Statements {
			h := st.Header()
			if h.Kind != StmtOther && !h.Complete() {
				t.Fatalf("accepted an incomplete %s statement", h.Kind)
			}
			ct, ok := st.(*CreateTable)
			if !ok || ct.Properties == nil || ct.AsSelect {
				continue
			}
			// a repeated clause is refused
			at := h.Span.End
			twice := append(append(append([]byte{}, src[:at]...), " TBLPROPERTIES ('z' = 'z')"...), src[at:]...)
			again := Parse(twice)
			for _, st2 := range again.Statements {
				if st2.Header().Span.Start == h.Span.Start && Strict(twice, st2) == nil && bytes.Count(bytes.ToUpper(twice[h.Span.Start:st2.Header().Span.End]), []byte("TBLPROPERTIES")) >= 2 {
					if c2, ok := st2.(*CreateTable); ok && c2.Properties != nil {
						t.Fatalf("a second TBLPROPERTIES was accepted: %q", twice)
					}
				}
			}
		}
	})
}
