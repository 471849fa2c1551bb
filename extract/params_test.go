package extract

import (
	"strings"
	"testing"

	"github.com/lakelint/lakelint/extract/params"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers"
)

// names lists the table names and paths of a file's SQL facts, in order.
func names(f *facts.File) []string {
	var out []string
	for _, t := range f.Tables {
		out = append(out, t.Name+"|"+t.Location)
	}
	for _, w := range f.Writes {
		out = append(out, w.Target.Table+"|"+w.Target.Path)
	}
	for _, m := range f.Maintenance {
		out = append(out, m.Target.Table)
	}
	return out
}

func extractText(t *testing.T, path, src string, opts Options) *facts.File {
	t.Helper()
	doc, err := parsers.Load(path, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	f, _ := FileAndSQLWith(doc, opts)
	return f
}

// The values a notebook gives its placeholders fill its table names: a
// widget's default (SQL or dbutils, made in any cell), a SET key's, a
// session variable's; what no source gives, or sources give differently,
// stays a placeholder.
func TestPlaceholdersFilled(t *testing.T) {
	cases := []struct {
		name, path, src string
		opts            Options
		want            string
		held, filled    int
	}{
		{"sql widget", "n.sql", "-- Databricks notebook source\nCREATE WIDGET TEXT catalog DEFAULT 'dev'\n-- COMMAND ----------\nCREATE TABLE ${catalog}.sales.events (id INT) PARTITIONED BY (id);\nINSERT INTO :catalog.sales.events SELECT 1",
			Options{}, "dev.sales.events|,dev.sales.events|", 2, 2},
		{"dropdown widget in a later python cell", "n.py", "# Databricks notebook source\nspark.sql(\"OPTIMIZE ${env}_db.t\")\n# COMMAND ----------\ndbutils.widgets.dropdown(\"env\", \"prod\", [\"dev\", \"prod\"])",
			Options{}, "prod_db.t", 1, 1},
		{"two different defaults", "n.py", "# Databricks notebook source\ndbutils.widgets.text(\"env\", \"dev\")\ndbutils.widgets.text(\"env\", \"prod\")\nspark.sql(\"OPTIMIZE ${env}_db.t\")",
			Options{}, "${env}_db.t", 1, 0},
		{"default not a literal", "n.py", "# Databricks notebook source\ndbutils.widgets.text(\"env\", default_env())\nspark.sql(\"OPTIMIZE ${env}_db.t\")",
			Options{}, "${env}_db.t", 1, 0},
		{"set var", "a.sql", "SET var.root = '/mnt/lake';\nCREATE TABLE t (id INT) USING DELTA LOCATION '${var.root}/t'",
			Options{}, "t|/mnt/lake/t", 1, 1},
		{"set conf does not fill a marker", "a.sql", "SET env = dev;\nOPTIMIZE :env.t",
			Options{}, ":env.t", 1, 0},
		{"declared variable", "a.sql", "DECLARE OR REPLACE VARIABLE tbl STRING DEFAULT 'main.s.t';\nINSERT INTO IDENTIFIER(tbl) SELECT 1",
			Options{}, "main.s.t|", 1, 1},
		{"declared without a default", "a.sql", "DECLARE VARIABLE tbl STRING;\nINSERT INTO IDENTIFIER(tbl) SELECT 1",
			Options{}, "{tbl}|", 1, 0},
		{"task parameter", "a.sql", "OPTIMIZE {{ schema }}.t",
			Options{Params: []params.Given{{Source: params.Widget, Name: "schema", Value: "gold", Known: true}}}, "gold.t", 1, 1},
		{"task parameter and widget disagree", "n.sql", "-- Databricks notebook source\nCREATE WIDGET TEXT schema DEFAULT 'dev'\n-- COMMAND ----------\nOPTIMIZE :schema.t",
			Options{Params: []params.Given{{Source: params.Widget, Name: "schema", Value: "gold", Known: true}}}, ":schema.t", 1, 0},
		{"two tasks agree", "a.sql", "OPTIMIZE :schema.t",
			Options{Params: []params.Given{{Source: params.Widget, Name: "schema", Value: "gold", Known: true}, {Source: params.Widget, Name: "schema", Value: "gold", Known: true}}}, "gold.t", 1, 1},
		{"angle placeholder is never filled", "a.sql", "CREATE WIDGET TEXT bucket DEFAULT 'b';\nOPTIMIZE <bucket>.t",
			Options{}, "<bucket>.t", 1, 0},
		{"sql dropdown widget", "a.sql", "CREATE WIDGET DROPDOWN env DEFAULT 'prod' CHOICES SELECT * FROM (VALUES ('dev'), ('prod'));\nOPTIMIZE ${env}.t",
			Options{}, "prod.t", 1, 1},
		{"no placeholder", "a.sql", "CREATE WIDGET TEXT x DEFAULT 'b';\nOPTIMIZE s.t", Options{}, "s.t", 0, 0},
		// dbutils.widgets.get values in Python templates
		{"widget value in an f-string", "n.py", "# Databricks notebook source\ndbutils.widgets.text(\"env\", \"dev\")\nenv = dbutils.widgets.get(\"env\")\nspark.sql(f\"OPTIMIZE {env}.t\")",
			Options{}, "dev.t", 1, 1},
		{"widget value in format, percent and a string built from it", "n.py", "# Databricks notebook source\nenv = dbutils.widgets.get(\"env\")\ndb = f\"{env}_db\"\nspark.sql(\"OPTIMIZE {}.a\".format(dbutils.widgets.get(\"env\")))\nspark.sql(\"OPTIMIZE %s.b\" % env)\nspark.sql(f\"OPTIMIZE {db}.c\")\n# COMMAND ----------\n# MAGIC %sql\n# MAGIC CREATE WIDGET TEXT env DEFAULT 'prod'",
			Options{}, "prod.a,prod.b,prod_db.c", 3, 3},
		{"widget value without a default stays a placeholder", "n.py", "# Databricks notebook source\nenv = dbutils.widgets.get(\"env\")\nspark.sql(\"OPTIMIZE %s.b\" % env)\nspark.sql(f\"OPTIMIZE {env}.c\")",
			Options{}, "{{env}}.b,{{env}}.c", 2, 0},
		{"a variable named like a widget is no widget", "n.py", "# Databricks notebook source\ndbutils.widgets.text(\"env\", \"dev\")\nenv = load_env()\nspark.sql(f\"OPTIMIZE {env}.t\")",
			Options{}, "{env}.t", 1, 0},
		{"removeAll drops the widgets made before it", "n.py", "# Databricks notebook source\ndbutils.widgets.text(\"env\", \"dev\")\ndbutils.widgets.removeAll()\nspark.sql(f\"OPTIMIZE {dbutils.widgets.get('env')}.t\")",
			Options{Params: []params.Given{{Source: params.Widget, Name: "env", Value: "dev", Known: true}}}, "{{env}}.t", 1, 0},
		{"a widget made after removeAll", "n.py", "# Databricks notebook source\ndbutils.widgets.removeAll()\ndbutils.widgets.text(\"env\", \"dev\")\nspark.sql(f\"OPTIMIZE {dbutils.widgets.get('env')}.t\")",
			Options{}, "dev.t", 1, 1},
		{"remove drops one widget", "n.py", "# Databricks notebook source\ndbutils.widgets.text(\"env\", \"dev\")\ndbutils.widgets.remove(\"env\")\nspark.sql(\"OPTIMIZE ${env}.t\")",
			Options{}, "${env}.t", 1, 0},
		{"conf set to a widget's value", "n.py", "# Databricks notebook source\n# MAGIC %sql\n# MAGIC CREATE WIDGET TEXT schema DEFAULT 'bi';\n# MAGIC CREATE WIDGET TEXT catalog DEFAULT ''\n# COMMAND ----------\nspark.conf.set('widget.schema', dbutils.widgets.get('schema'))\nspark.conf.set('widget.catalog', dbutils.widgets.get('catalog'))\n# COMMAND ----------\n# MAGIC %sql\n# MAGIC OPTIMIZE ${widget.schema}.t;\n# MAGIC OPTIMIZE ${widget.catalog}.${widget.schema}.u",
			Options{}, "bi.t,${widget.catalog}.bi.u", 2, 1},
		{"widget value in a Python write, not counted as SQL", "n.py", "# Databricks notebook source\ndbutils.widgets.text(\"env\", \"dev\")\nenv = dbutils.widgets.get(\"env\")\ndf = spark.range(1)\ndf.write.saveAsTable(f\"{env}.events\")\ndf.write.save(f\"/mnt/{env}/raw\")\ndf.write.saveAsTable(f\"{other}.events\")",
			Options{}, "dev.events|,|/mnt/dev/raw,|", 0, 0},
		{"getArgument is a widget's value", "n.py", "# Databricks notebook source\ndbutils.widgets.text(\"env\", \"dev\")\nspark.sql(\"OPTIMIZE {}.t\".format(getArgument(\"env\")))",
			Options{}, "dev.t", 1, 1},
		{"a getArgument the file defines is its own", "n.py", "# Databricks notebook source\ndef getArgument(n):\n    return load(n)\ndbutils.widgets.text(\"env\", \"dev\")\nspark.sql(\"OPTIMIZE {}.t\".format(getArgument(\"env\")))",
			Options{}, "{}.t", 1, 0},
		// dotted names: SET, spark.conf.set, DA.paths
		{"academy path set by SET", "a.sql", "SET da.paths.working_dir = '/mnt/w';\nCREATE TABLE t (id INT) LOCATION '${da.paths.working_dir}/t'",
			Options{}, "t|/mnt/w/t", 1, 1},
		{"academy paths set in Python", "n.py", "# Databricks notebook source\nDA.paths.stream = \"/mnt/s\"\nspark.conf.set(\"da.paths.x\", \"lake\")\n# COMMAND ----------\n# MAGIC %sql\n# MAGIC OPTIMIZE ${da.paths.x}.t;\n# MAGIC CREATE TABLE t2 (id INT) LOCATION '${DA.paths.stream}/t2';\n# MAGIC CREATE TABLE t3 (id INT) LOCATION '${da.paths.stream}/t3'",
			Options{}, "t2|/mnt/s/t2,t3|/mnt/s/t3,lake.t", 3, 3},
		{"conf set to no literal, and another object's paths", "n.py", "# Databricks notebook source\nspark.conf.set(\"da.paths.x\", root())\nOTHER.paths.y = \"/mnt/o\"\n# COMMAND ----------\n# MAGIC %sql\n# MAGIC OPTIMIZE ${da.paths.x}.t;\n# MAGIC OPTIMIZE delta.`${OTHER.paths.y}/u`",
			Options{}, "${da.paths.x}.t,", 2, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := extractText(t, c.path, c.src, c.opts)
			if got := strings.Join(names(f), ","); got != c.want {
				t.Errorf("names = %q, want %q", got, c.want)
			}
			if f.PlaceholderSQL != c.held || f.FilledSQL != c.filled {
				t.Errorf("placeholders %d, filled %d; want %d, %d", f.PlaceholderSQL, f.FilledSQL, c.held, c.filled)
			}
		})
	}
}
