package engine_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// codesOf are a run's findings as "path CODE", sorted.
func codesOf(dir string, found []string) []string {
	var out []string
	for _, l := range found {
		path, rest, _ := strings.Cut(l, ":")
		fields := strings.Fields(rest[strings.Index(rest, " ")+1:])
		out = append(out, path+" "+fields[0])
	}
	sort.Strings(out)
	return out
}

// The sparksettings project (testdata/projects/sparksettings): a root's
// spark-defaults.conf and a bundle job cluster's spark_conf are session
// settings of the files they apply to, for the rules (optimized writes,
// adaptive execution) and for the platform (Spark catalog plugins) alike,
// as are a bundle spark_submit_task's --conf parameters and a settings
// module's SparkConf or dict given to a builder by another module;
// commented-out lines and another root's file set nothing. A setting of a
// settings file is reported there, at its line, once.
func TestSparkSettingsProject(t *testing.T) {
	dir := copyProject(t, "sparksettings")
	c := openCache(t, t.TempDir())
	found, res := lintWith(t, dir, c)
	want := []string{
		"bundle/resources/jobs.yml LL501", // spark-submit's --conf switches adaptive execution off, reported there once
		"bundle/src/ingest.py LL102",
		"bundle/src/ingest.py LL301", // glue is a plugin catalog: no Unity Catalog managed table
		"bundle/src/managed.py LL102",
		"bundle/src/submit.py LL101",             // spark-submit's --conf switches optimized writes on
		"bundle/src/submit.py LL301",             // and registers nessie
		"iceberg/conf/spark-defaults.conf LL501", // reported at its line, not at each write
		"iceberg/jobs/load.py LL101",
		"iceberg/tools/spark-defaults.conf LL303", // the tools root's own defaults, for compact.py
		"service/app/helpers.py LL101",            // a SparkConf given to a helper's builder
		"service/app/helpers.py LL501",            // a dict a helper loops over
		"service/app/load.py LL101",               // a settings module's SparkConf
		"service/app/loop.py LL101",               // a loop over a settings module's dict
	}
	if got := codesOf(dir, found); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("findings:\n%s\nwant\n%s", strings.Join(found, "\n"), strings.Join(want, "\n"))
	}
	for _, w := range []string{
		"spark.databricks.delta.optimizeWrite.enabled is set to true on line 2 of " + filepath.Join(dir, "iceberg", "docker", "spark", "spark-defaults.conf"),
		"iceberg/conf/spark-defaults.conf:5:1: LL501 adaptive query execution is switched off",
		"bundle/resources/jobs.yml:38:25: LL501 adaptive query execution is switched off", // at the key, inside the quoted item
		"spark.databricks.delta.optimizeWrite.enabled is set to true on line 37 of " + filepath.Join(dir, "bundle", "resources", "jobs.yml"),
	} {
		if !has(found, w) {
			t.Errorf("no finding cites %q:\n%s", w, strings.Join(found, "\n"))
		}
	}
	platform := strings.Join(detailsWith(res, "platform: "), "\n")
	for _, w := range []string{
		"platform: oss for " + filepath.Join(dir, "iceberg") + " (delta-spark among the requirements in " + filepath.Join(dir, "iceberg", "pyproject.toml") +
			"; names in lake are not Unity Catalog's: spark.sql.catalog.lake in " + filepath.Join(dir, "iceberg", "conf", "spark-defaults.conf") + " registers lake as a Spark catalog plugin)",
		"platform: oss for " + filepath.Join(dir, "iceberg", "tools") + " (delta-spark among the requirements in " + filepath.Join(dir, "iceberg", "tools", "pyproject.toml") + ")",
		"platform: databricks for " + filepath.Join(dir, "commented") + " (the Unity Catalog name lake.sales.events in " + filepath.Join(dir, "commented", "jobs", "load.py") + ")",
		"names in glue are not Unity Catalog's: spark.sql.catalog.glue in " + filepath.Join(dir, "bundle", "resources", "jobs.yml"),
		"platform: oss for " + filepath.Join(dir, "service") + " (delta-spark among the requirements in " + filepath.Join(dir, "service", "pyproject.toml") +
			"; names in warehouse are not Unity Catalog's: spark.sql.catalog.warehouse in " + filepath.Join(dir, "service", "app", "load.py"),
	} {
		if !strings.Contains(platform, w) {
			t.Errorf("--verbose lacks %q:\n%s", w, platform)
		}
	}

	// a run with nothing changed replays the record: the settings files'
	// findings with the sources'
	again, replayed := lintWith(t, dir, c)
	if len(detailsWith(replayed, "cache: nothing changed")) == 0 {
		t.Errorf("the second run was not replayed")
	}
	if strings.Join(again, "\n") != strings.Join(found, "\n") {
		t.Errorf("replayed:\n%s\nwant\n%s", strings.Join(again, "\n"), strings.Join(found, "\n"))
	}

	// the settings file changes alone: a cached run sees it
	conf := filepath.Join(dir, "iceberg", "conf", "spark-defaults.conf")
	if err := os.WriteFile(conf, []byte("spark.sql.catalog.lake org.apache.iceberg.spark.SparkCatalog\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "iceberg", "docker", "spark", "spark-defaults.conf")); err != nil {
		t.Fatal(err)
	}
	// so does the settings module alone: the files that import it see it
	mod := filepath.Join(dir, "service", "app", "settings.py")
	data, err := os.ReadFile(mod)
	if err != nil {
		t.Fatal(err)
	}
	off := strings.Replace(string(data), `DELTA = {"spark.databricks.delta.optimizeWrite.enabled": "true"}`, `DELTA = {"spark.databricks.delta.optimizeWrite.enabled": "false"}`, 1)
	if err := os.WriteFile(mod, []byte(off), 0o644); err != nil {
		t.Fatal(err)
	}
	found, _ = lintWith(t, dir, c)
	for _, l := range found {
		if strings.HasPrefix(l, "iceberg/") && !strings.HasPrefix(l, "iceberg/tools/") || strings.HasPrefix(l, "service/app/loop.py") && strings.Contains(l, " LL101 ") {
			t.Errorf("still reported after the settings went: %s", l)
		}
	}
	if !has(found, "service/app/loop.py:7:23: LL303 spark.databricks.delta.optimizeWrite.enabled = false switches off optimized writes") {
		t.Errorf("the loop's setting to false is not reported:\n%s", strings.Join(found, "\n"))
	}
	if !has(found, "iceberg/tools/spark-defaults.conf:1:1: LL303") {
		t.Errorf("the unchanged settings file's finding went:\n%s", strings.Join(found, "\n"))
	}
	if !has(found, "service/app/load.py") {
		t.Errorf("the SparkConf's finding went too:\n%s", strings.Join(found, "\n"))
	}

	// a noqa comment line above the setting silences it there; the run's
	// record sees a comment change that moves no setting
	tools := filepath.Join(dir, "iceberg", "tools", "spark-defaults.conf")
	for _, step := range []struct {
		code     string
		reported bool
	}{{"LL304", true}, {"LL303", false}} {
		text := "# noqa: " + step.code + " -- compacted nightly\nspark.databricks.delta.optimizeWrite.enabled false\n"
		if err := os.WriteFile(tools, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		found, _ = lintWith(t, dir, c)
		if got := has(found, "iceberg/tools/spark-defaults.conf:2:1: LL303"); got != step.reported {
			t.Errorf("noqa: %s: reported %v, want %v:\n%s", step.code, got, step.reported, strings.Join(found, "\n"))
		}
	}
}

// Settings files that cannot be read as settings say so, and crash
// nothing: a bundle YAML that does not parse or whose spark_conf has
// another shape, and a binary spark-defaults.conf. A job cluster's setting
// the broken ones leave readable is still reported.
func TestBrokenSettingsFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	job := "spark.range(10).write.format(\"delta\").mode(\"append\").save(\"/mnt/lake/x\")\n"
	// does not parse
	write("parse/databricks.yml", "bundle:\n  name: p\nresources:\n  jobs:\n    j:\n      job_clusters:\n        - job_cluster_key: m\n          new_cluster:\n            spark_conf: {spark.databricks.delta.optimizeWrite.enabled: false\n")
	write("parse/src/job.py", job)
	// parses, with spark_conf in shapes of no settings beside one that is
	write("shape/databricks.yml", `bundle:
  name: s
resources:
  jobs:
    j:
      job_clusters: oops
      tasks:
        - task_key: list
          new_cluster:
            spark_conf: [spark.databricks.delta.optimizeWrite.enabled, false]
          spark_python_task: {python_file: src/job.py}
        - task_key: nested
          new_cluster:
            spark_conf:
              spark.databricks.delta.optimizeWrite.enabled: {value: false}
              spark.databricks.delta.autoCompact.enabled: false
          spark_python_task: {python_file: src/job.py}
        - 42
        - task_key: params
          spark_submit_task: {parameters: "--conf x=y"}
`)
	write("shape/src/job.py", job)
	// binary
	write("binary/pyproject.toml", "[project]\nname = \"b\"\n")
	write("binary/conf/spark-defaults.conf", "spark.databricks.delta.optimizeWrite.enabled false\n\x00\x01\x02\xff")
	write("binary/job.py", job)

	// a comment after a value is part of the value
	write("trailing/pyproject.toml", "[project]\nname = \"t\"\n")
	write("trailing/spark-defaults.conf", "spark.databricks.delta.optimizeWrite.enabled false # noqa: LL303\n")
	write("trailing/job.py", job)

	found, res := lintWith(t, dir, nil)
	for _, n := range res.Notes {
		if n.Error {
			t.Errorf("error note: %s", n)
		}
	}
	notes := fmt.Sprint(res.Notes)
	for _, w := range []string{
		"parse/databricks.yml: cannot read this bundle file (yaml: line ",
		"binary/conf/spark-defaults.conf: not a text file (binary, or not UTF-8): its settings are not read",
		`trailing/spark-defaults.conf: line 1: Spark reads the value of spark.databricks.delta.optimizeWrite.enabled as "false # noqa: LL303"`,
	} {
		if !strings.Contains(notes, filepath.FromSlash(w)) {
			t.Errorf("no note %q:\n%s", w, notes)
		}
	}
	details := fmt.Sprint(res.Details)
	for _, w := range []string{"spark_conf is not a mapping of settings", "spark_conf spark.databricks.delta.optimizeWrite.enabled has no single value"} {
		if !strings.Contains(details, w) {
			t.Errorf("no detail %q:\n%s", w, details)
		}
	}
	var settings []string
	for _, l := range found {
		if strings.Contains(l, " LL303 ") {
			settings = append(settings, l)
		}
	}
	if len(settings) != 1 || !strings.HasPrefix(settings[0], "shape/databricks.yml:16:15: LL303") {
		t.Errorf("LL303 findings:\n%s\nwant one, at shape/databricks.yml:16:15", strings.Join(settings, "\n"))
	}
}
