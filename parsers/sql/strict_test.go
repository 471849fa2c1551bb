package sql

import (
	"strings"
	"testing"
)

func TestParseStrict(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want string // "" when the script parses strictly; else part of the error
	}{
		{"CREATE TABLE t (id INT) USING DELTA TBLPROPERTIES ('a' = 'b')", ""},
		{"CREATE OR REPLACE TABLE a.b.c (id INT, ts TIMESTAMP) USING delta PARTITIONED BY (id) LOCATION '/x' COMMENT 'c' AS SELECT 1", ""},
		{"CREATE TABLE t (a INT) ROW FORMAT DELIMITED FIELDS TERMINATED BY ',' NULL DEFINED AS '' STORED AS TEXTFILE", "query"},
		{"CREATE TABLE t (a INT) ROW FORMAT DELIMITED FIELDS TERMINATED BY ',' STORED AS TEXTFILE", ""},
		{"CREATE TABLE t (a INT) ROW FORMAT SERDE 'x.Y' WITH SERDEPROPERTIES ('a'='b') STORED AS TEXTFILE", ""},
		{"CREATE TABLE t (a INT) ROW FORMAT DELIMITED NULL DEFINED TBLPROPERTIES ('a'='b') AS '' STORED AS TEXTFILE", "ROW FORMAT"},
		{"VACUUM t RETAIN 168 HOURS; SELECT 1", ""},
		{"CREATE TABLE t SHALLOW CLONE s LOCATION '/x'", ""}, // CLONE is read whole
		{"CREATE TABLE t SHALLOW CLONE src VERSION AS OF 3", ""},
		{"CREATE TABLE t SHALLOW CLONE src TIMESTAMP AS OF '2024-01-01 00:00:00'", ""},
		{"CREATE OR REPLACE TABLE t DEEP CLONE db.src TIMESTAMP AS OF '2024-01-01' LOCATION '/x'", ""},
		{"CREATE TABLE t CLONE src VERSION AS OF 3 TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'true')", ""},
		{"CREATE TABLE t SHALLOW CLONE src VERSION AS OF", "does not read"}, // no version
		{"CREATE TABLE t SHALLOW CLONE src VERSION AS OF 3 AS SELECT 1", "no AS query"},
		{"CREATE TABLE t (id INT USING DELTA", "not closed"},
		{"CREATE TABLE t (id INT) USING DELTA COMMENT 'oops", "unterminated string"},
		{"CREATE TABLE t (id INT) USING DELTA TBLPROPERTIES ('a'='b') TBLPROPERTIES ('c'='d')", "twice"},
		{"CREATE OR REPLACE TABLE taxi-rides-ny.nytaxi.t AS SELECT 1", "does not read"},
		{"CREATE TABLE t (id INT) ENGINE=InnoDB", "does not read"},
		{"CREATE TABLE t (id INT) USING DELTA AS 'x'", "not followed by a query"},
		{"CREATE TABLE t (id INT) SCHEDULE CRON '0 0 * * *'", "SCHEDULE"},
		{"SELECT (1", "not closed"},
		{"CREATE TABLE dbo.t (id INT) WITH (DISTRIBUTION = HASH(id))", "follows no LOCATION"},
		{"CREATE TABLE t (id INT) USING DELTA LOCATION 's3://b/t' WITH (CREDENTIAL c)", ""},
		{"SELECT 1) ", "closes nothing"},
		{"SELECT 1 /* open", "unterminated comment"},
	} {
		_, err := ParseStrict([]byte(tc.src))
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%q: %v", tc.src, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%q: got %v, want an error with %q", tc.src, err, tc.want)
		}
	}
}
