package sql

import (
	"errors"
	"fmt"
)

// Strict mode. Parse never fails: it passes over what it does not know. A
// fixer must not trust that reading, so strict mode refuses every statement
// the parser had to recover in: an unterminated string, quoted name or
// comment, unbalanced parentheses, a known statement it could not read or
// read with gaps, a clause given twice, and the clauses Parse steps over
// without reading (ROW FORMAT is read here, SCHEDULE and TRIGGER refused).
// Statements of kinds lakelint does not read are held to the lexical checks.

// ParseStrict parses src in strict mode: the script, and an error naming the
// first statement that does not parse strictly.
func ParseStrict(src []byte) (*Script, error) {
	s := Parse(src)
	for _, st := range s.Statements {
		if err := Strict(src, st); err != nil {
			return s, fmt.Errorf("statement at offset %d: %w", st.Header().Span.Start, err)
		}
	}
	// an unterminated comment after the last statement is not a statement
	for _, t := range s.Tokens {
		if t.Unterminated {
			return s, errUnterminated(src, t)
		}
	}
	return s, nil
}

// Strict reports why st, a statement Parse read from src, does not parse in
// strict mode; nil when it does.
func Strict(src []byte, st Statement) error {
	h := st.Header()
	depth := 0
	for _, t := range h.Tokens {
		if t.Unterminated {
			return errUnterminated(src, t)
		}
		if t.Kind == Punct {
			switch {
			case t.IsPunct(src, "("):
				depth++
			case t.IsPunct(src, ")"):
				if depth--; depth < 0 {
					return fmt.Errorf("a ')' at offset %d closes nothing", t.Start)
				}
			}
		}
	}
	if depth > 0 {
		return errors.New("a parenthesis is not closed")
	}
	if h.Unread != "" {
		return fmt.Errorf("%s statement not read: %s", h.Kind, h.Unread)
	}
	if len(h.Gaps) > 0 {
		g := h.Gaps[0]
		return fmt.Errorf("%s statement has text lakelint does not read: %q", h.Kind, clip(src[g.Start:g.End]))
	}
	if ct, ok := st.(*CreateTable); ok {
		return strictCreate(src, ct)
	}
	return nil
}

func errUnterminated(src []byte, t Token) error {
	what := map[TokenKind]string{String: "string", QuotedIdent: "quoted name", Comment: "comment", HintComment: "hint"}[t.Kind]
	return fmt.Errorf("unterminated %s: %q", what, clip(src[t.Start:t.End]))
}

func clip(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "…"
	}
	return string(b)
}

// onceClauses may appear once in a table definition.
var onceClauses = map[string]bool{
	"USING": true, "OPTIONS": true, "TBLPROPERTIES": true, "PARTITIONED": true, "CLUSTER": true,
	"CLUSTERED": true, "LOCATION": true, "COMMENT": true, "STORED": true, "ROW": true,
}

// strictCreate reads the clauses of a table definition again at the top
// level: ROW FORMAT must be whole, no clause may repeat, and AS must open a
// query where Parse took it to.
func strictCreate(src []byte, st *CreateTable) error {
	if st.Clone.End > st.Clone.Start && st.AsSelect {
		return errors.New("a CLONE takes no AS query")
	}
	var code []Token
	for _, t := range st.Tokens {
		if t.Kind != Comment && t.Kind != HintComment {
			code = append(code, t)
		}
	}
	seen := map[string]bool{}
	depth := 0
	for i := 0; i < len(code); i++ {
		t := code[i]
		if t.Start < st.Name.Span.End {
			continue
		}
		if st.Clone.End > st.Clone.Start && t.Start >= st.Clone.Start && t.End <= st.Clone.End {
			continue // the clone clause is read whole, VERSION or TIMESTAMP AS OF included
		}
		if t.Kind == Punct {
			if t.IsPunct(src, "(") {
				depth++
			} else if t.IsPunct(src, ")") {
				depth--
			}
			continue
		}
		if depth != 0 || t.Kind != Ident {
			continue
		}
		word := upper(t.Text(src))
		switch word {
		case "AS", "FLOW":
			if word == "AS" && at(code, i-1).Is(src, "STORED") {
				continue
			}
			if st.As.Start != t.Start {
				return fmt.Errorf("AS at offset %d is not where the definition's query was read", t.Start)
			}
			if word == "AS" && !isQueryWord(src, at(code, i+1)) {
				return fmt.Errorf("AS at offset %d is not followed by a query", t.Start)
			}
			return nil // the query is not read
		case "WITH":
			// WITH (CREDENTIAL ...) belongs to a LOCATION; T-SQL's WITH (DISTRIBUTION = ...) does not
			if at(code, i+1).IsPunct(src, "(") && (at(code, i-1).Kind != String || !at(code, i-2).Is(src, "LOCATION")) {
				return fmt.Errorf("WITH (...) that follows no LOCATION (offset %d)", t.Start)
			}
		case "SCHEDULE", "TRIGGER":
			return fmt.Errorf("%s clause at offset %d is not read in strict mode", word, t.Start)
		case "ROW":
			if !at(code, i+1).Is(src, "FORMAT") {
				continue // WITH ROW FILTER
			}
			if at(code, i-1).Is(src, "WITH") {
				continue
			}
			n, err := rowFormat(src, code, i+2)
			if err != nil {
				return err
			}
			i = n - 1
		}
		if onceClauses[word] && (word != "CLUSTER" || at(code, i+1).Is(src, "BY")) {
			if seen[word] {
				return fmt.Errorf("%s clause given twice (offset %d)", word, t.Start)
			}
			seen[word] = true
		}
	}
	if st.AsSelect {
		return errors.New("the definition's query was not found again")
	}
	return nil
}

func at(code []Token, i int) Token {
	if i >= 0 && i < len(code) {
		return code[i]
	}
	return Token{Kind: EOF}
}

func upper(b []byte) string {
	out := make([]byte, len(b))
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		out[i] = c
	}
	return string(out)
}

// isQueryWord reports whether t can open the query of CREATE TABLE ... AS.
func isQueryWord(src []byte, t Token) bool {
	for _, kw := range []string{"SELECT", "WITH", "VALUES", "FROM", "TABLE"} {
		if t.Is(src, kw) {
			return true
		}
	}
	return t.IsPunct(src, "(")
}

// rowFormat reads a Hive ROW FORMAT clause from code[i] (after ROW FORMAT)
// and returns the index of the token after it:
//
//	SERDE 'class' [WITH SERDEPROPERTIES (...)]
//	DELIMITED [FIELDS TERMINATED BY s [ESCAPED BY s]] [COLLECTION ITEMS TERMINATED BY s]
//	          [MAP KEYS TERMINATED BY s] [LINES TERMINATED BY s] [NULL DEFINED AS s]
func rowFormat(src []byte, code []Token, i int) (int, error) {
	seq := func(words ...string) bool {
		for k, w := range words {
			if !at(code, i+k).Is(src, w) {
				return false
			}
		}
		i += len(words)
		return true
	}
	str := func(what string) error {
		if at(code, i).Kind != String {
			return fmt.Errorf("ROW FORMAT: %s needs a string (offset %d)", what, at(code, i).Start)
		}
		i++
		return nil
	}
	switch {
	case seq("SERDE"):
		if err := str("SERDE"); err != nil {
			return 0, err
		}
		if seq("WITH", "SERDEPROPERTIES") {
			if !at(code, i).IsPunct(src, "(") {
				return 0, errors.New("ROW FORMAT: SERDEPROPERTIES needs a list")
			}
			for depth := 0; i < len(code); {
				t := code[i]
				i++
				if t.IsPunct(src, "(") {
					depth++
				} else if t.IsPunct(src, ")") {
					if depth--; depth == 0 {
						break
					}
				}
			}
		}
		return i, nil
	case seq("DELIMITED"):
		for {
			var err error
			switch {
			case seq("FIELDS", "TERMINATED", "BY"):
				if err = str("FIELDS TERMINATED BY"); err == nil && seq("ESCAPED", "BY") {
					err = str("ESCAPED BY")
				}
			case seq("COLLECTION", "ITEMS", "TERMINATED", "BY"):
				err = str("COLLECTION ITEMS TERMINATED BY")
			case seq("MAP", "KEYS", "TERMINATED", "BY"):
				err = str("MAP KEYS TERMINATED BY")
			case seq("LINES", "TERMINATED", "BY"):
				err = str("LINES TERMINATED BY")
			case seq("NULL", "DEFINED", "AS"):
				err = str("NULL DEFINED AS")
			default:
				t := at(code, i)
				if t.Kind != EOF && !inSet(createClauseWords, src, t) {
					return 0, fmt.Errorf("ROW FORMAT DELIMITED: unexpected %q at offset %d", clip(t.Text(src)), t.Start)
				}
				return i, nil
			}
			if err != nil {
				return 0, err
			}
		}
	}
	return 0, fmt.Errorf("ROW FORMAT needs SERDE or DELIMITED (offset %d)", at(code, i).Start)
}
