package sql

import "strings"

// Other databases' SQL turns up in Spark projects: migrations of the source
// systems, DDL kept for reference, course material. Read as Spark SQL it would
// yield wrong facts, so such statements are recognised by markers no Spark
// SQL statement has. Each marker is one Spark rejects; anything Spark or
// Databricks accepts (the :: cast, backticks, PRIMARY KEY constraints,
// table@v12 time travel, DECLARE VARIABLE) is never one.

// Foreign reports whether the statement with head h is in another database's
// dialect, naming the dialect and the marker that shows it.
func Foreign(src []byte, h *Head) (dialect, marker string, ok bool) {
	code := h.Tokens
	if hasComment(code) {
		code = make([]Token, 0, len(h.Tokens))
		for _, t := range h.Tokens {
			if t.Kind != Comment && t.Kind != HintComment {
				code = append(code, t)
			}
		}
	}
	if len(code) == 0 {
		return "", "", false
	}
	at := func(i int) Token {
		if i >= 0 && i < len(code) {
			return code[i]
		}
		return Token{Kind: EOF}
	}
	is := func(i int, kw string) bool { return at(i).Is(src, kw) }
	punct := func(i int, op string) bool { return at(i).IsPunct(src, op) }
	if m, ok := postgresVacuum(src, code); ok {
		return "PostgreSQL", m, true
	}
	if is(0, "OPTIMIZE") && is(1, "TABLE") {
		return "MySQL or ClickHouse", "OPTIMIZE TABLE", true // Delta's OPTIMIZE names its table at once
	}
	create := is(0, "CREATE")
	columns := columnListRange(src, code)
	var buf [32]byte
	for i, t := range code {
		switch t.Kind {
		case Ident:
			w := upperWord(buf[:0], t.Text(src)) // compared as string(w), which copies nothing
			switch {
			case string(w) == "AUTO_INCREMENT":
				return "MySQL", "AUTO_INCREMENT", true
			case string(w) == "ENGINE" && punct(i+1, "=") && create:
				return "MySQL", "ENGINE=", true
			case (string(w) == "CHARSET" || string(w) == "CHARACTER") && is(i-1, "DEFAULT") && create:
				return "MySQL", "DEFAULT CHARSET", true
			case string(w) == "DUPLICATE" && is(i-1, "ON") && is(i+1, "KEY"):
				return "MySQL", "ON DUPLICATE KEY", true
			case string(w) == "IGNORE" && i == 1 && is(0, "INSERT"):
				return "MySQL", "INSERT IGNORE", true
			case (string(w) == "NODE" || string(w) == "EDGE") && is(i-1, "AS") && create && i == len(code)-1:
				return "T-SQL", "AS " + string(w), true
			case string(w) == "IDENTITY" && punct(i+1, "(") && at(i+2).Kind == Number:
				return "T-SQL", "IDENTITY(seed, increment)", true
			case string(w) == "GO" && aloneOnLine(src, t) && !punct(i-1, ",") && !is(i-1, "SELECT") && batchStart(src, at(i+1)):
				return "T-SQL", "GO batch separator", true
			case string(w) == "TOP" && is(i-1, "SELECT") && (at(i+1).Kind == Number || punct(i+1, "(")):
				return "T-SQL", "SELECT TOP", true
			case string(w) == "NOLOCK" && punct(i-1, "(") && is(i-2, "WITH"):
				return "T-SQL", "WITH (NOLOCK)", true
			case i == 1 && is(0, "SET") && tsqlOptions[string(w)] && (is(i+1, "ON") || is(i+1, "OFF")):
				return "T-SQL", "SET " + string(w), true
			case string(w) == "DECLARE" && punct(i+1, "@"):
				return "T-SQL", "DECLARE @variable", true
			case string(w) == "SET" && i == 0 && at(1).Kind == String && punct(2, "="):
				return "Flink SQL", "SET 'key' = 'value'", true
			case string(w) == "WITH" && create && punct(i+1, "(") && at(i+2).Kind == String && punct(i+3, "="):
				return "Flink SQL", "WITH ('option' = 'value')", true
			case string(w) == "WATERMARK" && is(i+1, "FOR"):
				return "Flink SQL", "WATERMARK FOR", true
			case string(w) == "CONFLICT" && is(i-1, "ON") && (punct(i+1, "(") || is(i+1, "DO") || is(i+1, "ON")):
				return "PostgreSQL", "ON CONFLICT", true
			case i > columns.start && i < columns.end && columnType(src, code, i):
				if d, ok := foreignTypes[string(w)]; ok {
					return d, "type " + string(w), true
				}
			}
		case QuotedIdent:
			if bigQueryName(t.Value(src)) {
				return "BigQuery", "`project-id.dataset.table`", true
			}
		case Punct:
			if punct(i, "[") && bracketedName(src, code, i) {
				return "T-SQL", "[bracketed] names", true
			}
		}
	}
	return "", "", false
}

// SparkOnly reports whether a statement uses something only Spark (or Delta)
// has: such a file is Spark SQL, whatever else it holds.
func SparkOnly(src []byte, h *Head) bool {
	if h.Kind == StmtOptimize {
		return len(h.Tokens) < 2 || !h.Tokens[1].Is(src, "TABLE")
	}
	if h.Kind == StmtVacuum {
		_, pg := postgresVacuum(src, h.Tokens)
		return !pg
	}
	for i, t := range h.Tokens {
		if t.Is(src, "TBLPROPERTIES") || t.Is(src, "ZORDER") || t.Is(src, "PARTITIONED") {
			return true
		}
		if t.Is(src, "USING") && i+1 < len(h.Tokens) && h.Tokens[i+1].Kind == Ident {
			switch strings.ToLower(string(h.Tokens[i+1].Text(src))) {
			case "delta", "parquet", "iceberg", "csv", "json", "orc", "avro":
				return true
			}
		}
	}
	return false
}

// postgresVacuum reports whether a VACUUM is PostgreSQL's, naming its marker:
// options in parentheses, or FULL, FREEZE, VERBOSE or ANALYZE before the
// table. Delta's VACUUM names its table first and puts FULL,
// LITE, RETAIN and DRY RUN after it.
func postgresVacuum(src []byte, code []Token) (string, bool) {
	if len(code) == 0 || !code[0].Is(src, "VACUUM") {
		return "", false
	}
	if len(code) < 2 {
		return "", false // no table: unread, whichever database it was for
	}
	next := code[1]
	if next.IsPunct(src, "(") {
		return "VACUUM (options)", true
	}
	for _, w := range []string{"FULL", "FREEZE", "VERBOSE", "ANALYZE"} {
		if next.Is(src, w) {
			return "VACUUM " + w, true
		}
	}
	return "", false
}

// upperWord appends b upper-cased to dst, as strings.ToUpper would; a
// word that is all ASCII needs no string of its own.
func upperWord(dst, b []byte) []byte {
	for _, c := range b {
		if c >= 0x80 {
			return append(dst, strings.ToUpper(string(b))...)
		}
	}
	for _, c := range b {
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// tsqlOptions are session options only T-SQL sets with SET name ON|OFF.
var tsqlOptions = map[string]bool{
	"NOCOUNT": true, "ANSI_NULLS": true, "QUOTED_IDENTIFIER": true, "XACT_ABORT": true,
	"IDENTITY_INSERT": true, "ANSI_PADDING": true, "ANSI_WARNINGS": true, "ARITHABORT": true,
}

// foreignTypes are column types Spark does not have, by the dialect that has them.
var foreignTypes = map[string]string{
	"MEDIUMINT": "MySQL", "TINYTEXT": "MySQL", "MEDIUMTEXT": "MySQL", "LONGTEXT": "MySQL",
	"TINYBLOB": "MySQL", "MEDIUMBLOB": "MySQL", "LONGBLOB": "MySQL",
	"DATETIME": "MySQL or T-SQL",
	"NVARCHAR": "T-SQL", "NCHAR": "T-SQL", "NTEXT": "T-SQL", "DATETIME2": "T-SQL",
	"SMALLDATETIME": "T-SQL", "UNIQUEIDENTIFIER": "T-SQL",
	"SERIAL": "PostgreSQL", "BIGSERIAL": "PostgreSQL", "SMALLSERIAL": "PostgreSQL",
	"JSONB": "PostgreSQL", "BYTEA": "PostgreSQL", "TIMESTAMPTZ": "PostgreSQL",
	"INT64": "BigQuery", "FLOAT64": "BigQuery", "BIGNUMERIC": "BigQuery",
	"VARCHAR2": "Oracle", "NVARCHAR2": "Oracle",
}

type tokRange struct{ start, end int }

// columnListRange is the index range of the column definitions of a CREATE
// TABLE: inside the first parenthesis after the table name, before any query.
func columnListRange(src []byte, code []Token) tokRange {
	none := tokRange{-1, -1}
	if len(code) == 0 || !code[0].Is(src, "CREATE") {
		return none
	}
	table := -1
	for i, t := range code {
		if t.Is(src, "AS") || t.Is(src, "SELECT") {
			return none
		}
		if t.Is(src, "TABLE") {
			table = i
		}
		if table >= 0 && t.IsPunct(src, "(") {
			depth := 0
			for j := i; j < len(code); j++ {
				if code[j].IsPunct(src, "(") {
					depth++
				} else if code[j].IsPunct(src, ")") {
					if depth--; depth == 0 {
						return tokRange{i, j}
					}
				}
			}
			return tokRange{i, len(code)}
		}
	}
	return none
}

// columnType reports whether code[i] stands where a column definition's
// type does, at the top level of the column list: "(" or "," then a name,
// then the type, then its end or a constraint.
func columnType(src []byte, code []Token, i int) bool {
	if i < 2 {
		return false
	}
	name := code[i-1]
	if name.Kind != Ident && name.Kind != QuotedIdent {
		return false
	}
	if before := code[i-2]; !before.IsPunct(src, "(") && !before.IsPunct(src, ",") {
		return false
	}
	if i+1 >= len(code) {
		return false
	}
	next := code[i+1]
	if next.Kind == Punct {
		return next.IsPunct(src, ",") || next.IsPunct(src, ")") || next.IsPunct(src, "(")
	}
	for _, kw := range []string{"NOT", "NULL", "PRIMARY", "DEFAULT", "UNIQUE", "COMMENT", "CONSTRAINT", "UNSIGNED", "REFERENCES"} {
		if next.Is(src, kw) {
			return true
		}
	}
	return false
}

// bigQueryName reports whether a back-quoted name is a BigQuery
// project.dataset.table whose project id has a dash: in Spark such a name is
// one identifier, which no one writes.
func bigQueryName(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) < 2 || len(parts) > 3 || !strings.Contains(parts[0], "-") {
		return false
	}
	for i, p := range parts {
		if p == "" {
			return false
		}
		for _, c := range p {
			ok := c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || (i == 0 && c == '-')
			if !ok {
				return false
			}
		}
	}
	return true
}

// bracketedName reports whether the "[" at code[i] opens a T-SQL quoted name
// ([dbo].[orders]): a word and "]" follow, and what comes before is where a
// name starts, never an expression that Spark indexes (arr[0], m['k']).
func bracketedName(src []byte, code []Token, i int) bool {
	if i+2 >= len(code) || code[i+1].Kind != Ident || !code[i+2].IsPunct(src, "]") {
		return false
	}
	if i == 0 {
		return true
	}
	prev := code[i-1]
	if prev.End == code[i].Start && (prev.Kind == Ident || prev.Kind == QuotedIdent || prev.IsPunct(src, ")") || prev.IsPunct(src, "]")) {
		return false // glued to a value: indexing
	}
	if prev.IsPunct(src, ".") {
		// [dbo].[t]: a dot between two bracketed names
		return i >= 2 && code[i-2].IsPunct(src, "]")
	}
	for _, kw := range []string{"TABLE", "FROM", "JOIN", "INTO", "UPDATE", "EXISTS", "VIEW", "PROCEDURE"} {
		if prev.Is(src, kw) {
			return true
		}
	}
	return false
}

// batchStart reports whether t can begin a T-SQL batch after GO.
func batchStart(src []byte, t Token) bool {
	if t.Kind == EOF {
		return true
	}
	for _, kw := range []string{"CREATE", "ALTER", "INSERT", "SET", "DROP", "IF", "EXEC", "EXECUTE", "PRINT", "USE", "SELECT", "UPDATE", "DELETE", "DECLARE", "BEGIN", "GRANT", "TRUNCATE", "WITH", "MERGE"} {
		if t.Is(src, kw) {
			return true
		}
	}
	return false
}

// aloneOnLine reports whether a token is the only thing on its line.
func aloneOnLine(src []byte, t Token) bool {
	for i := t.Start - 1; i >= 0 && src[i] != '\n'; i-- {
		if src[i] != ' ' && src[i] != '\t' {
			return false
		}
	}
	for i := t.End; i < len(src) && src[i] != '\n'; i++ {
		if src[i] != ' ' && src[i] != '\t' && src[i] != '\r' {
			return false
		}
	}
	return true
}
