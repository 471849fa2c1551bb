package sql

import "testing"

// A query that only picks, filters and computes columns copies its table;
// anything that joins, aggregates, dedups, sorts, windows, unions, limits,
// subqueries or hints does not.
func TestCopySource(t *testing.T) {
	copies := func(q string) string {
		s := Parse([]byte(q))
		if len(s.Statements) != 1 {
			t.Fatalf("%q: %d statements", q, len(s.Statements))
		}
		var n *Name
		switch st := s.Statements[0].(type) {
		case *Insert:
			n = st.Copies
		case *CreateTable:
			n = st.Copies
		default:
			t.Fatalf("%q: %T", q, st)
		}
		if n == nil {
			return ""
		}
		if n.Path != "" {
			return n.Path
		}
		return n.Text
	}
	for q, want := range map[string]string{
		"INSERT INTO main.web.t SELECT * FROM main.raw.clicks":                                        "main.raw.clicks",
		"INSERT OVERWRITE t SELECT ts, upper(url) AS url FROM raw.clicks c WHERE c.country = 'DE'":    "raw.clicks",
		"INSERT INTO t SELECT * EXCEPT (secret) FROM raw.clicks":                                      "raw.clicks",
		"INSERT INTO t SELECT extract(year FROM ts) AS y, cast(x AS int) FROM raw.clicks AS c":        "raw.clicks",
		"INSERT INTO t SELECT * FROM raw.clicks VERSION AS OF 12 WHERE x IN (1, 2)":                   "raw.clicks",
		"INSERT INTO t TABLE raw.clicks":                                                              "raw.clicks",
		"CREATE TABLE t AS SELECT a, b FROM delta.`/mnt/raw/clicks` WHERE b > 0":                      "/mnt/raw/clicks",
		"CREATE OR REPLACE TABLE t USING delta AS SELECT * FROM `main`.`raw`.`clicks`":                "main.raw.clicks",
		"INSERT INTO t SELECT a, count(*) FROM raw.clicks GROUP BY a":                                 "",
		"INSERT INTO t SELECT count(*) FROM raw.clicks":                                               "",
		"INSERT INTO t SELECT DISTINCT a FROM raw.clicks":                                             "",
		"INSERT INTO t SELECT * FROM raw.clicks c JOIN raw.users u ON c.uid = u.id":                   "",
		"INSERT INTO t SELECT * FROM raw.clicks, raw.users":                                           "",
		"INSERT INTO t SELECT * FROM raw.clicks ORDER BY ts":                                          "",
		"INSERT INTO t SELECT * FROM raw.clicks SORT BY ts":                                           "",
		"INSERT INTO t SELECT * FROM raw.clicks DISTRIBUTE BY day":                                    "",
		"INSERT INTO t SELECT *, row_number() OVER (PARTITION BY a ORDER BY ts) AS n FROM raw.clicks": "",
		"INSERT INTO t SELECT * FROM raw.clicks UNION ALL SELECT * FROM raw.more":                     "",
		"INSERT INTO t SELECT * FROM raw.clicks LIMIT 10":                                             "",
		"INSERT INTO t SELECT * FROM raw.clicks WHERE uid IN (SELECT id FROM raw.users)":              "",
		"INSERT INTO t SELECT /*+ REPARTITION(8) */ * FROM raw.clicks":                                "",
		"INSERT INTO t SELECT * FROM read_files('/mnt/raw/clicks')":                                   "",
		"WITH c AS (SELECT * FROM raw.clicks) INSERT INTO t SELECT * FROM c":                          "",
		"INSERT INTO t SELECT * FROM (SELECT * FROM raw.clicks)":                                      "",
		"INSERT INTO t VALUES (1, 2)":                                                                 "",
		"CREATE TABLE t AS SELECT a, sum(b) AS b FROM raw.clicks GROUP BY a":                          "",
		"CREATE TABLE t AS SELECT * FROM raw.clicks LATERAL VIEW explode(items) x AS item":            "",
	} {
		if got := copies(q); got != want {
			t.Errorf("%s: copies %q, want %q", q, got, want)
		}
	}
}
