package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
)

// tableNames lints dir and lists the catalog's table names.
func tableNames(t *testing.T, dir string, opts engine.Options) []string {
	t.Helper()
	configs, err := config.NewResolver(config.ResolverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	opts.Catalog = func(c *catalog.Catalog) {
		for _, tb := range c.Tables() {
			if tb.Name != "" {
				names = append(names, tb.Name)
			}
		}
	}
	if _, err := engine.New(configs, opts).Lint(context.Background(), []string{dir}); err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	return names
}

// A notebook run by a bundle task takes the task's parameters (and its
// job's) as its widgets' values; a notebook no task runs keeps its
// placeholder, and a changed parameter is not answered from the cache.
func TestTaskParametersFillPlaceholders(t *testing.T) {
	dir := t.TempDir()
	bundle := func(schema string) string {
		return "bundle: {name: b}\nresources:\n  jobs:\n    j:\n      parameters:\n        - {name: catalog, default: main}\n      tasks:\n        - task_key: t\n          notebook_task:\n            notebook_path: ./run.sql\n            base_parameters: {schema: " + schema + "}\n"
	}
	nb := "-- Databricks notebook source\nCREATE TABLE :catalog.${schema}.events (id INT) USING DELTA;\n"
	files := map[string]string{
		"databricks.yml": bundle("gold"),
		"run.sql":        nb,
		"other.sql":      strings.Replace(nb, "events", "others", 1),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c, err := cache.Open(cache.Options{Dir: filepath.Join(t.TempDir(), "cache"), Version: "test", KeyDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	want := ":catalog.${schema}.others main.gold.events"
	if got := strings.Join(tableNames(t, dir, engine.Options{Cache: c}), " "); got != want {
		t.Fatalf("tables %q, want %q", got, want)
	}
	if err := os.WriteFile(filepath.Join(dir, "databricks.yml"), []byte(bundle("silver")), 0o644); err != nil {
		t.Fatal(err)
	}
	want = ":catalog.${schema}.others main.silver.events"
	if got := strings.Join(tableNames(t, dir, engine.Options{Cache: c}), " "); got != want {
		t.Fatalf("after the parameter changed: tables %q, want %q", got, want)
	}
}

// Widgets and conf set in a notebook included with %run give their values
// to the notebook that runs it, through chains of includes, in Python and
// SQL notebooks; a notebook that gives a name another value, removes its
// widgets after the include, or includes nothing keeps the placeholder;
// a %run line that passes a widget's value ($env="prod") gives that value.
// A changed include is not answered from the cache.
func TestRunIncludesFillPlaceholders(t *testing.T) {
	dir := t.TempDir()
	setup := func(env string) string {
		return "# Databricks notebook source\n# MAGIC %run ./Includes/common\n\n# COMMAND ----------\ndbutils.widgets.text(\"env\", \"" + env + "\")\n"
	}
	files := map[string]string{
		"setup.py":            setup("dev"),
		"Includes/common.sql": "-- Databricks notebook source\nCREATE WIDGET TEXT sch DEFAULT 'sales';\nSET da.paths.root = '/mnt/lake';\n",
		"a.py":                "# Databricks notebook source\n# MAGIC %run ./setup\n\n# COMMAND ----------\nenv = dbutils.widgets.get(\"env\")\nspark.sql(f\"CREATE TABLE {env}.{dbutils.widgets.get('sch')}.a (id INT) USING DELTA\")\n",
		"b.sql":               "-- Databricks notebook source\n-- MAGIC %run \"./setup\"\n\n-- COMMAND ----------\nCREATE TABLE ${env}.b (id INT) USING DELTA LOCATION '${da.paths.root}/b';\n",
		"differs.sql":         "-- Databricks notebook source\n-- MAGIC %run ./setup\n\n-- COMMAND ----------\nCREATE WIDGET TEXT env DEFAULT 'prod';\nCREATE TABLE ${env}.differs (id INT) USING DELTA;\n",
		"removed.py":          "# Databricks notebook source\n# MAGIC %run ./setup\n\n# COMMAND ----------\ndbutils.widgets.removeAll()\nspark.sql(\"CREATE TABLE ${env}.removed (id INT) USING DELTA\")\n",
		"alone.sql":           "-- Databricks notebook source\nCREATE TABLE ${env}.alone (id INT) USING DELTA;\n",
		"missing.sql":         "-- Databricks notebook source\n-- MAGIC %run ./nowhere\n\n-- COMMAND ----------\nCREATE TABLE ${env}.missing (id INT) USING DELTA;\n",
		"passed.sql":          "-- Databricks notebook source\n-- MAGIC %run ./setup $env=\"prod\"\n\n-- COMMAND ----------\nCREATE TABLE ${env}.passed (id INT) USING DELTA;\n",
	}
	write := func(name, text string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, text := range files {
		write(name, text)
	}
	c, err := cache.Open(cache.Options{Dir: filepath.Join(t.TempDir(), "cache"), Version: "test", KeyDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	want := "${env}.alone ${env}.differs ${env}.missing ${env}.removed dev.b dev.sales.a prod.passed"
	if got := strings.Join(tableNames(t, dir, engine.Options{Cache: c}), " "); got != want {
		t.Fatalf("tables %q, want %q", got, want)
	}
	write("setup.py", setup("qa"))
	want = "${env}.alone ${env}.differs ${env}.missing ${env}.removed prod.passed qa.b qa.sales.a"
	if got := strings.Join(tableNames(t, dir, engine.Options{Cache: c}), " "); got != want {
		t.Fatalf("after the include changed: tables %q, want %q", got, want)
	}
}

// A pipeline's configuration fills the ${key} placeholders of the SQL files
// it runs, as Lakeflow substitutes them, and the names its Python files
// build from spark.conf.get(key); a file of two pipelines that give the key
// different values, or of none, keeps its placeholder, and a file's own
// spark.conf.set gives its value.
func TestPipelineConfigurationFillsPlaceholders(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"databricks.yml": "bundle: {name: b}\nresources:\n  pipelines:\n" +
			"    p:\n      configuration: {catalog: main, layer: silver}\n      libraries:\n        - glob: {include: ./src/**}\n        - file: {path: ./shared/both.sql}\n" +
			"    q:\n      configuration: {catalog: dev}\n      libraries:\n        - file: {path: ./shared/both.sql}\n",
		"src/orders.sql":  "CREATE OR REFRESH STREAMING TABLE ${catalog}.${layer}.orders AS SELECT * FROM STREAM main.bronze.orders;\n",
		"shared/both.sql": "CREATE OR REFRESH MATERIALIZED VIEW ${catalog}.gold.daily AS SELECT 1;\n",
		"loose.sql":       "CREATE TABLE ${catalog}.x.loose (id INT) USING DELTA;\n",
		// in Python, spark.conf.get reads the same configuration
		"src/events.py": "import dlt\n\ncat = spark.conf.get(\"catalog\")\n\n\n@dlt.table(name=f\"{cat}.silver.events\")\ndef events():\n" +
			"    return spark.readStream.table(\"main.bronze.events\")\n",
		"loose.py": "cat = spark.conf.get(\"catalog\")\nspark.range(1).write.saveAsTable(f\"{cat}.x.py_loose\")\n" +
			"spark.range(1).write.saveAsTable(cat + \".x.joined\")\n",
		"set.py": "spark.conf.set(\"catalog\", \"dev\")\nspark.range(1).write.saveAsTable(f\"{spark.conf.get('catalog')}.x.set_here\")\n",
	}
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := "${catalog}.gold.daily ${catalog}.x.joined ${catalog}.x.loose ${catalog}.x.py_loose dev.x.set_here main.bronze.events main.silver.events main.silver.orders"
	if got := strings.Join(tableNames(t, dir, engine.Options{}), " "); got != want {
		t.Fatalf("tables %q, want %q", got, want)
	}
}
