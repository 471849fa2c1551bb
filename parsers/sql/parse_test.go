package sql

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// parseOne parses src, which must hold a single statement.
func parseOne(t *testing.T, src string) Statement {
	t.Helper()
	s := Parse([]byte(src))
	if len(s.Statements) != 1 {
		t.Fatalf("%q: %d statements, want 1", src, len(s.Statements))
	}
	return s.Statements[0]
}

func TestParseTricky(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"comments inside",
			"CREATE /* c */ TABLE -- x\n t (a INT) USING /* fmt */ delta",
			`create-table kw="CREATE" "CREATE TABLE" name="t" cols=["a:INT"] using=delta last="USING /* fmt */ delta"`},
		{"three-part name with backticks",
			"OPTIMIZE `main`.`sales`.events",
			`optimize kw="OPTIMIZE" name="main.sales.events"`},
		{"backticks holding dots",
			"VACUUM `my.db`.`t.x` RETAIN 200 HOURS",
			`vacuum kw="VACUUM" name="my.db.t.x" retain=200`},
		{"variables glued into a name",
			"INSERT INTO ${db}.events_${env} SELECT 1",
			`insert kw="INSERT" overwrite=false name="${db}.events_${env}" query="SELECT 1"`},
		{"format placeholders",
			"MERGE INTO {catalog}.{schema}.t USING s ON t.id = s.id WHEN MATCHED THEN DELETE",
			`merge kw="MERGE" name="{catalog}.{schema}.t" alias=""`},
		{"IDENTIFIER with a string",
			"OPTIMIZE IDENTIFIER('main.sales.events') ZORDER BY (a)",
			`optimize kw="OPTIMIZE" name="main.sales.events" zorder=[a]`},
		{"IDENTIFIER with a parameter",
			"ALTER TABLE IDENTIFIER(:tbl) SET TBLPROPERTIES ('a' = 'b')",
			`alter-table kw="ALTER" name=":tbl" set={a="b"}`},
		{"IDENTIFIER with a concatenation",
			"CREATE TABLE IDENTIFIER(:catalog || '.sales.events') (a INT) USING delta",
			`create-table kw="CREATE" "CREATE TABLE" name=":catalog.sales.events" cols=["a:INT"] using=delta last="USING delta"`},
		{"IDENTIFIER of an expression stays opaque",
			"OPTIMIZE IDENTIFIER(concat(:c, '.t'))",
			`optimize kw="OPTIMIZE" name=<opaque>`},
		{"template parameters in a name",
			"VACUUM {{catalog}}.gold.events RETAIN 2 HOURS",
			`vacuum kw="VACUUM" name="{{catalog}}.gold.events" retain=2`},
		{"angle-bracket placeholder in a name",
			"OPTIMIZE <bucket>.events WHERE d = '1'",
			`optimize kw="OPTIMIZE" name="<bucket>.events" where=[d]`},
		{"a positional marker for the table",
			"VACUUM IDENTIFIER(?) RETAIN 0 HOURS",
			`vacuum kw="VACUUM" name="?" retain=0`},
		{"template tags left out",
			"CREATE TABLE t (a INT) USING delta {# by day #} {% if partitioned %}PARTITIONED BY (d){% endif %}",
			`create-table kw="CREATE" "CREATE TABLE" name="t" cols=["a:INT"] using=delta partitioned=[d] last="PARTITIONED BY (d)"`},
		{"delta path",
			"OPTIMIZE delta.`s3://bucket/events` WHERE d = '1'",
			`optimize kw="OPTIMIZE" path="s3://bucket/events" format="delta" where=[d]`},
		{"two-part name is no path",
			"OPTIMIZE sales.`events`",
			`optimize kw="OPTIMIZE" name="sales.events"`},
		{"clauses in any order",
			"CREATE TABLE t TBLPROPERTIES ('k' = 1) LOCATION '/x' CLUSTER BY (a) USING delta COMMENT 'c' AS SELECT 1 AS a",
			`create-table kw="CREATE" "CREATE TABLE" name="t" using=delta cluster=[a] location="/x" comment="c" tblproperties={k=1} query-at="AS" last="COMMENT 'c'"`},
		{"typed partition columns",
			"CREATE TABLE t (a INT) PARTITIONED BY (d DATE, h INT)",
			`create-table kw="CREATE" "CREATE TABLE" name="t" cols=["a:INT"] partitioned=[d,h] last="PARTITIONED BY (d DATE, h INT)"`},
		{"property keys compared case-insensitively",
			"ALTER TABLE t SET TBLPROPERTIES (Delta.AutoOptimize.OptimizeWrite = TRUE, 'DELTA.targetFileSize' '64mb', n = -3, f = 1.5)",
			`alter-table kw="ALTER" name="t" set={delta.autooptimize.optimizewrite=true, delta.targetfilesize="64mb", n=-3, f=1.5}`},
		{"unset",
			"ALTER TABLE t UNSET TBLPROPERTIES IF EXISTS ('Delta.AppendOnly')",
			`alter-table kw="ALTER" name="t" unset={delta.appendonly} if-exists=true`},
		{"adjacent strings concatenate",
			"CREATE TABLE t LOCATION 's3://b/' 'events'",
			`create-table kw="CREATE" "CREATE TABLE" name="t" location="s3://b/events" last="LOCATION 's3://b/' 'events'"`},
		{"hints inside comments and subqueries",
			"INSERT INTO t -- c\nSELECT /* not a hint */ /*+ COALESCE(2) */ * FROM (SELECT /*+ REPARTITION(100) */ * FROM s)",
			`insert kw="INSERT" overwrite=false name="t" query="SELECT /* not a hint" hints(nested=false)=COALESCE(Number:2) hints(nested=true)=REPARTITION(Number:100)`},
		{"hint that does not follow SELECT is a comment",
			"INSERT INTO t /*+ COALESCE(2) */ SELECT * FROM s",
			`insert kw="INSERT" overwrite=false name="t" query="SELECT * FROM s"`},
		{"hints in a parenthesized query",
			"INSERT INTO t (SELECT /*+ COALESCE(1) */ * FROM s)",
			`insert kw="INSERT" overwrite=false name="t" query="(SELECT /*+ COALESCE" hints(nested=false)=COALESCE(Number:1)`},
		{"hints of both sides of a union",
			"INSERT INTO t SELECT /*+ COALESCE(1) */ * FROM a UNION ALL SELECT /*+ COALESCE(2) */ * FROM b",
			`insert kw="INSERT" overwrite=false name="t" query="SELECT /*+ COALESCE(" hints(nested=false)=COALESCE(Number:1) hints(nested=false)=COALESCE(Number:2)`},
		{"CTE before INSERT",
			"WITH s AS (SELECT /*+ REPARTITION(3) */ * FROM src) INSERT OVERWRITE t SELECT * FROM s",
			`insert kw="INSERT" overwrite=true name="t" query="SELECT * FROM s" hints(nested=true)=REPARTITION(Number:3)`},
		{"column list is not a query",
			"INSERT INTO t (a, `b c`) SELECT 1, 2",
			`insert kw="INSERT" overwrite=false name="t" columns=[a,b c] query="SELECT 1, 2"`},
		{"OPTIMIZE WHERE skips functions, literals and intervals",
			"OPTIMIZE t WHERE date >= date_sub(current_date(), 7) AND ts > TIMESTAMP '2025-01-01' - INTERVAL 3 HOURS AND `Region` = :r AND CAST(h AS INT) IS NOT NULL",
			`optimize kw="OPTIMIZE" name="t" where=[date,ts,Region,h]`},
		{"each column once",
			"OPTIMIZE t WHERE d >= '{start}' AND d < '{end}' AND h = 1",
			`optimize kw="OPTIMIZE" name="t" where=[d,h]`},
		{"ZORDER without parentheses",
			"OPTIMIZE t ZORDER BY a, b.c",
			`optimize kw="OPTIMIZE" name="t" zorder=[a,b.c]`},
		{"VACUUM in any order",
			"VACUUM 's3://b/t' DRY RUN RETAIN 1 HOURS",
			`vacuum kw="VACUUM" path="s3://b/t" format="" retain=1 dry-run`},
		{"SET without spaces", "SET spark.sql.shuffle.partitions=8",
			`set kw="SET" key="spark.sql.shuffle.partitions" value=8`},
		{"SET value runs to the end", "SET spark.sql.x = a b  c -- note",
			`set kw="SET" key="spark.sql.x" value="a b  c"`},
		{"SET quoted value", "SET k = 'v'", `set kw="SET" key="k" value="v"`},
		{"SET empty value", "SET k =", `set kw="SET" key="k" value=""`},
		{"SET backticked key", "SET `a.b` = true", `set kw="SET" key="a.b" value=true`},
		{"SET alone", "SET", `other kw="SET"`},
		{"SET -v", "SET -v", `other kw="SET"`},
		{"SET VAR", "SET VAR x = 1", `other kw="SET"`},
		{"SET var.key is a setting", "SET var.x = 1", `set kw="SET" key="var.x" value=1`},
		{"streaming live table", "CREATE STREAMING LIVE TABLE s AS SELECT 1",
			`create-table kw="CREATE" "STREAMING TABLE" name="s" live query-at="AS" last="s"`},
		{"live table is a materialized view", "CREATE LIVE TABLE m AS SELECT 1",
			`create-table kw="CREATE" "MATERIALIZED VIEW" name="m" live query-at="AS" last="m"`},
		{"view is not read", "CREATE OR REPLACE VIEW v AS SELECT 1", `other kw="CREATE"`},
		{"INSERT INTO DIRECTORY is no table", "INSERT INTO DIRECTORY '/x' SELECT 1",
			`insert kw="INSERT" UNREAD="no query"`},
		{"keywords as names", "UPDATE `order` SET x = 1", `update kw="UPDATE" name="order" alias=""`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := parseOne(t, tt.src)
			if got := describe([]byte(tt.src), st); got != tt.want {
				t.Errorf("%s\n got: %s\nwant: %s", tt.src, got, tt.want)
			}
		})
	}
}

// spanText returns the text at s.
func spanText(src string, s Span) string { return src[s.Start:s.End] }

func TestParseSpans(t *testing.T) {
	src := "-- lead\nCREATE TABLE main.s.t (id INT)\nUSING delta\nTBLPROPERTIES ('a' = 'b', c = 2)\nAS SELECT 1;"
	ct := parseOne(t, src).(*CreateTable)
	checks := []struct{ what, got, want string }{
		{"statement", spanText(src, ct.Span), strings.TrimPrefix(strings.TrimSuffix(src, ";"), "-- lead\n")},
		{"keyword", spanText(src, ct.Keyword), "CREATE"},
		{"name", spanText(src, ct.Name.Span), "main.s.t"},
		{"using", spanText(src, ct.UsingSpan), "delta"},
		{"properties", spanText(src, ct.Properties.Span), "TBLPROPERTIES ('a' = 'b', c = 2)"},
		{"open", src[ct.Properties.Open : ct.Properties.Open+1], "("},
		{"close", src[ct.Properties.Close : ct.Properties.Close+1], ")"},
		{"entry", spanText(src, ct.Properties.Entries[1].Span), "c = 2"},
		{"key", spanText(src, ct.Properties.Entries[0].KeySpan), "'a'"},
		{"value", spanText(src, ct.Properties.Entries[0].Value.Span), "'b'"},
		{"as", spanText(src, ct.As), "AS"},
		{"last clause", spanText(src, ct.LastClause), "TBLPROPERTIES ('a' = 'b', c = 2)"},
		{"column", spanText(src, ct.Columns[0].Span), "id INT"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s span covers %q, want %q", c.what, c.got, c.want)
		}
	}
	if n := len(ct.Tokens); n == 0 || ct.Tokens[0].Kind != Comment {
		t.Errorf("statement tokens should start with the leading comment")
	}

	src = "OPTIMIZE t WHERE d > '1' ZORDER BY (a)"
	op := parseOne(t, src).(*Optimize)
	if got := spanText(src, op.WhereSpan); got != "WHERE d > '1'" {
		t.Errorf("where span covers %q", got)
	}
	if got := spanText(src, op.Where[0].Span); got != "d" {
		t.Errorf("where column span covers %q", got)
	}
	if got := spanText(src, op.ZOrderBy.Span); got != "ZORDER BY (a)" {
		t.Errorf("zorder span covers %q", got)
	}

	src = "VACUUM t RETAIN 72 HOURS"
	if v := parseOne(t, src).(*Vacuum); spanText(src, v.Retain.Span) != "72" || v.Retain.Int != 72 {
		t.Errorf("retain = %+v", v.Retain)
	}

	src = "SET a.b = 10"
	if s := parseOne(t, src).(*Set); spanText(src, s.KeySpan) != "a.b" || spanText(src, s.Value.Span) != "10" {
		t.Errorf("set spans: key %q value %q", spanText(src, s.KeySpan), spanText(src, s.Value.Span))
	}

	src = "INSERT INTO t SELECT /*+ REPARTITION(8) */ * FROM s"
	ins := parseOne(t, src).(*Insert)
	if got := spanText(src, ins.Hints[0].Span); got != "/*+ REPARTITION(8) */" {
		t.Errorf("hint comment span covers %q", got)
	}
	if got := spanText(src, ins.Query); got != "SELECT /*+ REPARTITION(8) */ * FROM s" {
		t.Errorf("query span covers %q", got)
	}
}

func TestParseNeverFailsOnGarbage(t *testing.T) {
	inputs := []string{
		"", ";;;", "CREATE", "CREATE TABLE t (", "CREATE TABLE t (a INT", "INSERT INTO t (",
		"OPTIMIZE t ZORDER BY (", "ALTER TABLE t SET TBLPROPERTIES ('a' =", "SET ===",
		"MERGE INTO", "VACUUM t RETAIN", "CREATE TABLE t TBLPROPERTIES ((((", "))))",
		"INSERT INTO t SELECT /*+", "WITH", "WITH a AS (", "\x00\xff\xfe", strings.Repeat("(", 10000),
		"CREATE TABLE t PARTITIONED BY", "CREATE TABLE t CLUSTER BY", "UPDATE t x y z",
	}
	for _, in := range inputs {
		s := Parse([]byte(in))
		for _, st := range s.Statements {
			h := st.Header()
			if h.Span.Start < 0 || h.Span.End > len(in) || h.Span.Start > h.Span.End {
				t.Errorf("%q: bad span %+v", in, h.Span)
			}
		}
	}
}

// TestReaderMatchesParse parses every corpus file, and then each again,
// with one Reader: each script must be what Parse makes of the text,
// whatever the Reader parsed before it.
func TestReaderMatchesParse(t *testing.T) {
	files := readCorpus(t)
	var r Reader
	for round := range 2 {
		for _, f := range files {
			got, want := r.Parse(f.src), Parse(f.src)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("round %d, %s: the Reader's script differs from Parse's", round, f.name)
			}
		}
	}
	// an empty script after a long one keeps nothing of it
	if s := r.Parse(nil); len(s.Tokens) != 0 || len(s.Statements) != 0 {
		t.Fatalf("empty script: %d tokens, %d statements", len(s.Tokens), len(s.Statements))
	}
}

// A line holding only GO separates statements, as migration tools write
// it: every statement after it is read, none is taken for T-SQL.
func TestGoBatchSeparators(t *testing.T) {
	src := "CREATE TABLE a (id INT) USING DELTA\nGO\nCREATE TABLE b (id INT) USING DELTA;\ngo;\n" +
		"VACUUM a RETAIN 1 HOURS\n  Go  \r\nOPTIMIZE b\nGO"
	var kinds []string
	for _, st := range Parse([]byte(src)).Statements {
		h := st.Header()
		if _, _, foreign := Foreign([]byte(src), h); foreign {
			t.Errorf("statement at %d read as another dialect", h.Keyword.Start)
		}
		kinds = append(kinds, src[h.Keyword.Start:h.Keyword.End])
	}
	if want := []string{"CREATE", "CREATE", "VACUUM", "OPTIMIZE"}; !slices.Equal(kinds, want) {
		t.Errorf("statements %q, want %q", kinds, want)
	}
	if spans := Split([]byte(src)); len(spans) != 4 {
		t.Errorf("Split: %d statements, want 4", len(spans))
	}
	// near misses: go as a name, or not alone on its line
	for _, src := range []string{
		"SELECT a,\ngo\nFROM t",
		"SELECT\ngo\nFROM t",
		"SELECT go FROM t",
		"CREATE TABLE go (id INT)",
		"SELECT * FROM t -- GO\nWHERE x = 1",
		"CREATE TABLE t (a INT)\nGO -- next\nCREATE TABLE u (a INT)",
	} {
		if n := len(Parse([]byte(src)).Statements); n != 1 {
			t.Errorf("%q: %d statements, want 1", src, n)
		}
	}
}
