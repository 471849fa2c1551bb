package sql

import (
	"os"
	"path/filepath"
	"testing"
)

func TestForeignDialects(t *testing.T) {
	cases := []struct{ src, dialect, marker string }{
		{"CREATE TABLE users (id INT NOT NULL AUTO_INCREMENT, name VARCHAR(50), PRIMARY KEY (id))", "MySQL", "AUTO_INCREMENT"},
		{"CREATE TABLE t (id INT) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4", "MySQL", "ENGINE="},
		{"CREATE TABLE t (id INT, n MEDIUMINT)", "MySQL", "type MEDIUMINT"},
		{"INSERT IGNORE INTO t VALUES (1)", "MySQL", "INSERT IGNORE"},
		{"INSERT INTO t VALUES (1) ON DUPLICATE KEY UPDATE a = 1", "MySQL", "ON DUPLICATE KEY"},
		{"CREATE TABLE Person (ID INTEGER PRIMARY KEY, name VARCHAR(100)) AS NODE", "T-SQL", "AS NODE"},
		{"CREATE TABLE friends (start_date DATE) AS EDGE", "T-SQL", "AS EDGE"},
		{"CREATE TABLE [dbo].[orders] (id INT)", "T-SQL", "[bracketed] names"},
		{"SELECT * FROM [sales]", "T-SQL", "[bracketed] names"},
		{"CREATE TABLE t (id INT IDENTITY(1,1) PRIMARY KEY)", "T-SQL", "IDENTITY(seed, increment)"},
		{"SELECT TOP 10 * FROM t", "T-SQL", "SELECT TOP"},
		{"SET NOCOUNT ON", "T-SQL", "SET NOCOUNT"},
		{"CREATE TABLE t (name NVARCHAR(100), at DATETIME2)", "T-SQL", "type NVARCHAR"},
		{"DECLARE @n INT", "T-SQL", "DECLARE @variable"},
		{"SELECT * FROM `my-project-123.analytics.events`", "BigQuery", "`project-id.dataset.table`"},
		{"CREATE TABLE t (id INT64, amount FLOAT64)", "BigQuery", "type INT64"},
		{"CREATE TABLE t (id SERIAL PRIMARY KEY, doc JSONB)", "PostgreSQL", "type SERIAL"},
		{"INSERT INTO t VALUES (1) ON CONFLICT (id) DO NOTHING", "PostgreSQL", "ON CONFLICT"},
		{"VACUUM (VERBOSE, ANALYZE) public.events", "PostgreSQL", "VACUUM (options)"},
		{"VACUUM ANALYZE events RETAIN 0 HOURS", "PostgreSQL", "VACUUM ANALYZE"},
		{"VACUUM FULL events", "PostgreSQL", "VACUUM FULL"},
		{"OPTIMIZE TABLE events FINAL", "MySQL or ClickHouse", "OPTIMIZE TABLE"},
		{"CREATE TABLE t (name VARCHAR2(20))", "Oracle", "type VARCHAR2"},
		{"SET 'execution.runtime-mode' = 'streaming'", "Flink SQL", "SET 'key' = 'value'"},
		{"CREATE CATALOG IF NOT EXISTS paimon WITH ('type' = 'paimon', 'warehouse' = 'file:///w')", "Flink SQL", "WITH ('option' = 'value')"},
		{"CREATE TABLE k (id STRING) WITH ('connector' = 'kafka', 'topic' = 'ods')", "Flink SQL", "WITH ('option' = 'value')"},
		{"CREATE TABLE e (ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND) WITH ('connector' = 'kafka')", "Flink SQL", "WATERMARK FOR"},
	}
	for _, c := range cases {
		src := []byte(c.src)
		st := Parse(src).Statements[0]
		d, m, ok := Foreign(src, st.Header())
		if !ok || d != c.dialect || m != c.marker {
			t.Errorf("%s\n got %q %q %v, want %q %q", c.src, d, m, ok, c.dialect, c.marker)
		}
	}
}

// Spark and Databricks SQL that shares words or signs with other dialects.
func TestSparkIsNotForeign(t *testing.T) {
	for _, src := range []string{
		"SELECT arr[0], m['k'], s.items[1] FROM t",
		"SELECT col::int, ts::date FROM t",
		"SELECT * FROM t@v12",
		"CREATE TABLE t (id BIGINT GENERATED ALWAYS AS IDENTITY (START WITH 1 INCREMENT BY 1), serial STRING, datetime TIMESTAMP)",
		"CREATE TABLE t (id INT, CONSTRAINT pk PRIMARY KEY (id)) USING DELTA",
		"SELECT serial, top, go FROM t",
		"SELECT a,\n  go\nFROM t",
		"SELECT a AS datetime FROM t",
		"CREATE TABLE t AS SELECT a, b datetime FROM s",
		"DECLARE VARIABLE n INT DEFAULT 5",
		"SET spark.sql.ansi.enabled = true",
		"SET `spark.sql.shuffle.partitions` = 8",
		"SET var.env = 'dev'",
		"CREATE TABLE t (a TIMESTAMP_LTZ, b TIMESTAMP_NTZ) USING DELTA",
		"CREATE TABLE t AS WITH src AS (SELECT 1 AS a) SELECT * FROM src",
		"SELECT * FROM STREAM events WATERMARK ts DELAY OF INTERVAL 10 MINUTES",
		"CREATE TABLE t (id INT) USING DELTA TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true')",
		"SELECT * FROM delta.`/mnt/my-lake/events.v1`",
		"SELECT * FROM `my-table`",
		"SELECT identity FROM t",
		"SELECT `a.b-c` FROM t",
		"VACUUM events FULL",
		"VACUUM delta.`/mnt/lake/events` RETAIN 168 HOURS DRY RUN",
		"VACUUM '/mnt/lake/events' LITE",
	} {
		b := []byte(src)
		for _, st := range Parse(b).Statements {
			if d, m, ok := Foreign(b, st.Header()); ok {
				t.Errorf("%s: called %s (%s)", src, d, m)
			}
		}
	}
}

// No statement of the SQL corpus or of any rule's testdata is foreign.
func TestCorpusIsNotForeign(t *testing.T) {
	var paths []string
	for _, g := range []string{"testdata/corpus/*.sql", "../../rules/*/testdata/*.sql", "../../examples/*/*.sql", "../../testdata/*/*.sql"} {
		ps, _ := filepath.Glob(g)
		paths = append(paths, ps...)
	}
	if len(paths) < 20 {
		t.Fatalf("only %d SQL files found", len(paths))
	}
	for _, p := range paths {
		if filepath.Base(p) == "scope.sql" && filepath.Base(filepath.Dir(filepath.Dir(p))) == "ll301" {
			continue // other databases' DDL on purpose
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range Parse(src).Statements {
			if d, m, ok := Foreign(src, st.Header()); ok {
				t.Errorf("%s: statement at %d called %s (%s)", p, st.Header().Span.Start, d, m)
			}
		}
	}
}
