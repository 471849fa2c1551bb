package pyfacts

import (
	"strings"
	"testing"

	"github.com/lakelint/lakelint/parsers/document"
)

// checkSQLMap asserts that each marker of the SQL text maps to where the same
// text is in the document, at or after from.
func checkSQLMap(t *testing.T, doc *document.Document, r *document.Region, markers ...string) {
	t.Helper()
	for _, m := range markers {
		i := strings.Index(string(r.Text), m)
		if i < 0 {
			t.Errorf("%q not in SQL %q", m, r.Text)
			continue
		}
		at := r.Map.File(i)
		if !strings.HasPrefix(string(doc.Text[at:]), m) {
			t.Errorf("SQL %q maps to %q", m, string(doc.Text[at:min(at+len(m)+5, len(doc.Text))]))
		}
		end := r.Map.File(i+len(m)-1) + 1
		if string(doc.Text[at:end]) != m {
			t.Errorf("SQL range of %q maps to %q", m, string(doc.Text[at:end]))
		}
	}
}

func TestEmbeddedSQL(t *testing.T) {
	tests := []struct {
		name, src, sql string
		markers        []string
	}{
		{"plain", `spark.sql("OPTIMIZE t ZORDER BY (c)")`, "OPTIMIZE t ZORDER BY (c)", []string{"OPTIMIZE", "ZORDER", "(c)"}},
		{"triple quoted", "spark.sql(\"\"\"\n  VACUUM t\n  RETAIN 1 HOURS\n\"\"\")", "\n  VACUUM t\n  RETAIN 1 HOURS\n", []string{"VACUUM t", "RETAIN 1 HOURS"}},
		{"raw", `spark.sql(r"SELECT '\d' FROM t")`, `SELECT '\d' FROM t`, []string{`'\d'`, "FROM t"}},
		{"escapes", `spark.sql("SELECT 'a\tb'\nFROM t WHERE x = \"y\"")`, "SELECT 'a\tb'\nFROM t WHERE x = \"y\"", []string{"SELECT 'a", "FROM t WHERE x = "}},
		{"implicit concatenation", "spark.sql(\"MERGE INTO t \"\n  'USING s ON t.id = s.id '\n  \"WHEN MATCHED THEN DELETE\")",
			"MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN DELETE", []string{"MERGE INTO t ", "USING s", "WHEN MATCHED"}},
		{"f-string constant", "T = 'main.ev'\nspark.sql(f\"OPTIMIZE {T} WHERE d = 1\")", "OPTIMIZE main.ev WHERE d = 1", []string{"OPTIMIZE ", " WHERE d = 1"}},
		{"f-string opaque", "spark.sql(f\"VACUUM {table} RETAIN {h} HOURS\")", "VACUUM {table} RETAIN {h} HOURS", []string{"VACUUM {table}", "{h} HOURS"}},
		{"format", "spark.sql(\"ALTER TABLE {} SET TBLPROPERTIES ('a' = '{v}')\".format(T, v=x))", "ALTER TABLE {} SET TBLPROPERTIES ('a' = '{v}')", []string{"ALTER TABLE {}", "('a' = '{v}')"}},
		{"format resolved", "T = 'tt'\nspark.sql(\"OPTIMIZE {}  ZORDER BY (c)\".format(T))", "OPTIMIZE tt  ZORDER BY (c)", []string{"OPTIMIZE ", "  ZORDER BY (c)"}},
		{"percent", "spark.sql(\"VACUUM %s RETAIN %d HOURS\" % (\"t\", 7))", "VACUUM t RETAIN 7 HOURS", []string{"VACUUM ", " RETAIN ", " HOURS"}},
		{"percent opaque", "spark.sql('DESCRIBE %s' % name)", "DESCRIBE %s", []string{"DESCRIBE %s"}},
		{"name bound to a string", "q = \"OPTIMIZE t\"\nspark.sql(q)", "OPTIMIZE t", []string{"OPTIMIZE t"}},
		{"keyword argument", "spark.sql(sqlQuery='SET a = b')", "SET a = b", []string{"SET a = b"}},
		{"receivers", "self.spark.sql('SELECT 1')", "SELECT 1", []string{"SELECT 1"}},
		{"session receiver", "def f(session):\n    session.sql('SELECT 2')", "SELECT 2", []string{"SELECT 2"}},
		{"sqlContext", "sqlContext.sql('SELECT 3')", "SELECT 3", []string{"SELECT 3"}},
		{"non-ascii before on the line", "é = 1; 日本 = 2; spark.sql('OPTIMIZE café.t')", "OPTIMIZE café.t", []string{"OPTIMIZE café.t", "café"}},
		{"unicode escape before", "spark.sql('SELECT \\u00e9\\N{BULLET}, x FROM t')", "SELECT é\uFFFD, x FROM t", []string{"SELECT ", ", x FROM t"}},
		{"concatenated constants", "A = 'SELECT * '\nB = 'FROM t'\nspark.sql(A + B)", "SELECT * FROM t", []string{"SELECT * ", "FROM t"}},
		{"in a call argument", "display(spark.sql('SHOW TABLES'))", "SHOW TABLES", []string{"SHOW TABLES"}},
		{"joined list", "cols = ['a', 'b']\nspark.sql('OPTIMIZE t ZORDER BY (' + ', '.join(cols) + ')')", "OPTIMIZE t ZORDER BY (a, b)", []string{"OPTIMIZE t ZORDER BY (", "a", "b", ")"}},
		{"joined clauses", "spark.sql(' '.join(('VACUUM t', 'RETAIN 1 HOURS')))", "VACUUM t RETAIN 1 HOURS", []string{"VACUUM t", "RETAIN 1 HOURS"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := pyDoc(tt.src)
			_, sql := extractDoc(t, doc)
			if len(sql) != 1 {
				t.Fatalf("want 1 SQL region, got %d", len(sql))
			}
			r := sql[0]
			if string(r.Text) != tt.sql {
				t.Errorf("SQL %q, want %q", r.Text, tt.sql)
			}
			if r.Lang != document.SQL || !r.Embedded {
				t.Errorf("region %+v", r)
			}
			checkSQLMap(t, doc, r, tt.markers...)
		})
	}
}

func TestEmbeddedSQLPositions(t *testing.T) {
	// Verbatim SQL maps to its own bytes; escapes and substituted constants
	// lie between segments and map to where the source goes on after them.
	src := "T = 'ev'\nspark.sql(f\"é\\tOPTIMIZE x.{T} \\nWHERE d = '日本'\")\n"
	doc := pyDoc(src)
	_, sql := extractDoc(t, doc)
	r := sql[0]
	if string(r.Text) != "é\tOPTIMIZE x.ev \nWHERE d = '日本'" {
		t.Fatalf("SQL %q", r.Text)
	}
	text := string(r.Text)
	for _, c := range []struct{ sql, file string }{
		{"é", "é"}, {"\t", "OPTIMIZE"}, {"OPTIMIZE", "OPTIMIZE"}, {"x.ev", "x.{T}"},
		{"ev", ` \nWHERE`}, {"\n", "WHERE"}, {"日本", "日本"},
	} {
		i := strings.Index(text, c.sql)
		if got, want := r.Map.File(i), strings.Index(src, c.file); got != want {
			t.Errorf("%q maps to %d, want %d", c.sql, got, want)
		}
	}
	for _, s := range r.Map {
		if text[s.Region:s.Region+s.Len] != src[s.File:s.File+s.Len] {
			t.Errorf("segment %+v is not verbatim", s)
		}
	}
	// the source between the segments around a constant is its placeholder
	i := strings.Index(text, "ev")
	if got := src[r.Map.File(i-1)+1 : r.Map.File(i)]; got != "{T}" {
		t.Errorf("constant spelled %q", got)
	}
}

func TestEmbeddedSQLAcrossCells(t *testing.T) {
	doc := cellsDoc("x = 1\nQ = 'OPTIMIZE main.t'\n", "spark.sql(Q)\nspark.sql(Q)\n")
	_, sql := extractDoc(t, doc)
	if len(sql) != 1 {
		t.Fatalf("want the string once, got %d regions", len(sql))
	}
	r := sql[0]
	if r.Cell != 2 {
		t.Errorf("cell %d", r.Cell)
	}
	checkSQLMap(t, doc, r, "OPTIMIZE main.t")
}

func TestNotEmbeddedSQL(t *testing.T) {
	for _, src := range []string{
		"df.sql('SELECT 1')",
		"cursor.sql('SELECT 1')",
		"spark.sql(query)",
		"spark.sql(b'SELECT 1')",
		"spark.sql('   ')",
		"print('spark.sql(\"SELECT 1\")')",
	} {
		_, sql := extractDoc(t, pyDoc(src))
		if len(sql) != 0 {
			t.Errorf("%s: SQL %q", src, sql[0].Text)
		}
	}
}

func TestSQLReceiverOption(t *testing.T) {
	doc := pyDoc("hc.sql('SELECT 1')\nspark.sql('SELECT 2')\n")
	_, sql := Extract(doc, []*document.Region{&doc.Regions[0]}, Options{SQLReceiver: func(n string) bool { return n == "hc" }})
	if len(sql) != 1 || string(sql[0].Text) != "SELECT 1" {
		t.Errorf("regions %d", len(sql))
	}
}

func TestStringFormatting(t *testing.T) {
	tests := []struct{ src, sql string }{
		{"spark.sql('SELECT %(a)s, %(b)d FROM t' % {'a': 'x', 'b': 2})", "SELECT x, 2 FROM t"},
		{"spark.sql('SELECT %s, %5d, %%, %r' % ('x', 1, 'y'))", "SELECT x, %5d, %, %r"},
		{"spark.sql('SELECT %*d, %s' % (3, 1, 'z'))", "SELECT %*d, %s"},
		{"B = True\nN = None\nX = 1.5\nY = -2\nspark.sql(f'SELECT {B}, {N}, {X}, {Y}')", "SELECT True, None, 1.5, -2"},
		{"X = 1e3\nspark.sql(f'SELECT {X}')", "SELECT {X}"},
		{"spark.sql('SELECT {0}, {1}, {0:>3}, {x.y}, {{}}'.format('a', 'b'))", "SELECT a, b, {0:>3}, {x.y}, {}"},
		{"spark.sql('SELECT {}, {:>2}, {}'.format('a', 'b', 'c'))", "SELECT a, {:>2}, c"},
		{"spark.sql('SELECT {'.format(1))", ""},
		{"spark.sql('SELECT }'.format(1))", ""},
	}
	for _, tt := range tests {
		_, sql := extractDoc(t, pyDoc(tt.src))
		got := ""
		if len(sql) == 1 {
			got = string(sql[0].Text)
		}
		if got != tt.sql {
			t.Errorf("%s: SQL %q, want %q", tt.src, got, tt.sql)
		}
	}
}
