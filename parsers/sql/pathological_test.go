package sql

import (
	"strings"
	"testing"
	"time"
)

func TestPathologicalInputsStayFast(t *testing.T) {
	n := 1 << 18
	inputs := map[string]string{
		"parens":   strings.Repeat("(", n),
		"close":    strings.Repeat(")", n),
		"braces":   strings.Repeat("{", n),
		"bracesa":  strings.Repeat("{aaaaaaaaaa", n/10),
		"dollar":   strings.Repeat("${", n/2),
		"quotes":   strings.Repeat("'", n),
		"bt":       strings.Repeat("`", n),
		"comments": strings.Repeat("/*", n/2),
		"hints":    "INSERT INTO t " + strings.Repeat("SELECT /*+ COALESCE(1) */ ", n/30),
		"props":    "CREATE TABLE t TBLPROPERTIES (" + strings.Repeat("'a'=1,", n/6),
		"stmts":    strings.Repeat("SET a=1;", n/8),
		"cte":      "WITH " + strings.Repeat("a AS (SELECT 1),", n/16) + " INSERT INTO t SELECT 1",
		"names":    "OPTIMIZE " + strings.Repeat("a.", n/2),
		"where":    "OPTIMIZE t WHERE " + strings.Repeat("a = 1 AND ", n/10),
		"set":      "SET " + strings.Repeat("a ", n/2),
		"colons":   strings.Repeat(":a", n/2),
		"create":   "CREATE TABLE t " + strings.Repeat("SOMETHING ", n/10),
		"cols":     "CREATE TABLE t (" + strings.Repeat("a INT NOT NULL,", n/15),
	}
	for name, in := range inputs {
		start := time.Now()
		Parse([]byte(in))
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s: %v", name, d)
		} else {
			t.Logf("%s: %v", name, d)
		}
	}
}
