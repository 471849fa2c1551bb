package engine_test

import (
	"context"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/output"
	"github.com/lakelint/lakelint/rules/ll104"
	"github.com/lakelint/lakelint/rules/rule"
)

// platformRule reports, once per file, the platform the rules were given.
var platformRule = rule.New(&rule.Doc{
	Code: "LL996", Name: "test-platform", Severity: finding.Warning, Summary: "s", Why: "w",
	Example: "e", Better: "b", Lang: "python",
}, func(p *rule.Pass) {
	p.Report(p.Facts.Writes[0].At, string(p.Platform)+": "+p.PlatformWhy)
})

const job = "df = spark.read.table('raw.events')\ndf.write.saveAsTable('lake.events')\n"

func TestPlatformAuto(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"bundle", map[string]string{
			".git/HEAD":            "ref: refs/heads/main\n", // the repository root: project files are found up to it
			"databricks.yml":       "bundle:\n  name: lake\n",
			"src/jobs/job.py":      job,
			"tests/conftest.py":    "from delta import configure_spark_with_delta_pip\n",
			"requirements-dev.txt": "delta-spark==3.2.0\n",
		}, "databricks: a Databricks asset bundle in "},
		{"configure_spark_with_delta_pip", map[string]string{
			"jobs/job.py": job,
			"jobs/session.py": "from delta import configure_spark_with_delta_pip\n" +
				"builder = SparkSession.builder.config('spark.sql.extensions', 'io.delta.sql.DeltaSparkSessionExtension')\n" +
				"spark = configure_spark_with_delta_pip(builder).getOrCreate()\n",
			"notes.py": "# dbutils is not used here; display is a word\nx = 'display'\n",
		}, "oss: configure_spark_with_delta_pip in "},
		{"delta-spark requirement", map[string]string{
			"jobs/job.py":    job,
			"pyproject.toml": "[project]\ndependencies = [\"pyspark>=3.5\", \"delta-spark>=3.1\"]\n",
		}, "oss: delta-spark among the requirements in "},
		{"dbutils beats the package", map[string]string{
			"jobs/job.py":      job + "dbutils.fs.ls('/mnt')\n",
			"requirements.txt": "delta-spark\n",
		}, "databricks: dbutils in "},
		{"no evidence", map[string]string{
			"jobs/job.py":      job,
			"requirements.txt": "delta-sparkle\npyspark\n",
		}, "unknown: no evidence"},
		// Azure Synapse and Microsoft Fabric notebooks have display(...) too
		{"a Synapse notebook's display", map[string]string{
			"jobs/job.py":      job,
			"nb/explore.ipynb": notebookWithKernel("synapse_pyspark", "display(spark.read.table('x'))"),
		}, "unknown: no evidence"},
		{"a Jupyter notebook's display", map[string]string{
			"jobs/job.py":      job,
			"nb/explore.ipynb": notebookWithKernel("python3", "display(spark.read.table('x'))"),
		}, "databricks: display(...) in "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, content := range tt.files {
				write(t, dir, name, content)
			}
			path := dir
			if tt.name == "bundle" {
				path = dir + "/src/jobs" // the bundle is above what is linted
			}
			res, err := newLinter(t, platformRule).Lint(context.Background(), []string{path})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Findings) == 0 {
				t.Fatalf("no findings; notes %v", res.Notes)
			}
			for _, f := range res.Findings {
				if !strings.HasPrefix(f.Message, tt.want) {
					t.Errorf("%s: %q, want %q", f.Path, f.Message, tt.want)
				}
			}
			verbose := false
			for _, d := range res.Details {
				verbose = verbose || strings.HasPrefix(d.Message, "platform: "+strings.SplitN(tt.want, ":", 2)[0])
			}
			if !verbose {
				t.Errorf("--verbose details name no platform: %v", res.Details)
			}
		})
	}
}

func TestPlatformFromConfig(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "databricks.yml", "bundle:\n  name: lake\n")
	write(t, dir, ".lakelint.yaml", "platform: oss\n")
	write(t, dir, "job.py", job)
	res, err := newLinter(t, platformRule).Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 1 || res.Findings[0].Message != "oss: set in the configuration" {
		t.Errorf("findings %+v", res.Findings)
	}
}

func TestForeignSQLDetails(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "mixed.sql", "CREATE TABLE a (id INT) USING DELTA;\nCREATE TABLE b (id INT) ENGINE=InnoDB;\nSELECT TOP 5 * FROM c;\n")
	write(t, dir, "mysql.sql", "CREATE TABLE a (id INT AUTO_INCREMENT);\nCREATE TABLE b (id INT) ENGINE=InnoDB;\nINSERT INTO a VALUES (1);\n")
	res, err := newLinter(t, platformRule).Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range res.Details {
		if d.Path != "" {
			got = append(got, d.String())
		}
	}
	want := []string{
		dir + "/mixed.sql: 2 SQL statements of other dialects skipped (1 MySQL, e.g. ENGINE=; 1 T-SQL, e.g. SELECT TOP)",
		dir + "/mysql.sql: not Spark SQL: 2 of 3 statements are MySQL (AUTO_INCREMENT); the file is not linted",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("details:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestRelatedEvidence(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "job.py", "spark.conf.set('spark.databricks.delta.optimizeWrite.enabled', 'false')\n"+
		"df = spark.read.table('raw.events')\n"+
		"df.write.format('delta').partitionBy('event_date').save('/data/events')\n")
	res, err := newLinter(t, ll104.Rule).Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 1 {
		t.Fatalf("findings %+v", res.Findings)
	}
	rel := res.Findings[0].Related
	if len(rel) != 1 || rel[0].Start.Line != 1 || rel[0].Start.Column != 12 || rel[0].Message != "optimized writes are turned off here" {
		t.Errorf("related %+v", rel)
	}
	d := output.ToLSP(&res.Findings[0])
	if len(d.RelatedInformation) != 1 || d.RelatedInformation[0].Location.Range.Start.Line != 0 || !strings.HasPrefix(d.RelatedInformation[0].Location.URI, "file://") {
		t.Errorf("LSP related %+v", d.RelatedInformation)
	}
}

// notebookWithKernel is a one-cell Jupyter notebook of the given kernel.
func notebookWithKernel(kernel, code string) string {
	return `{"nbformat": 4, "nbformat_minor": 2, "metadata": {"kernelspec": {"name": "` + kernel +
		`", "language": "Python", "display_name": "x"}}, "cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "source": ["` +
		code + `"]}]}`
}
