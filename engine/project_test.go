package engine_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/output"
	"github.com/lakelint/lakelint/rules/ll104"
	"github.com/lakelint/lakelint/rules/ll301"
	"github.com/lakelint/lakelint/rules/rule"
)

// platformRule reports, once per file, the platform the rules were given.
var platformRule = rule.New(&rule.Doc{
	Code: "LL996", Name: "test-platform", Severity: finding.Warning, Summary: "s", Why: "w",
	Example: "e", Better: "b", Lang: "python",
}, func(p *rule.Pass) {
	if len(p.Facts.Writes) > 0 {
		p.Report(p.Facts.Writes[0].At, string(p.Platform)+": "+p.PlatformWhy)
	}
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
		{"an Airflow DAG's spark-submit --packages", map[string]string{
			"jobs/job.py": job,
			"dags/ingest.py": "from airflow.providers.apache.spark.operators.spark_submit import SparkSubmitOperator\n" +
				"SparkSubmitOperator(task_id='ingest', application='jobs/job.py', packages='io.delta:delta-spark_2.12:3.2.0')\n",
		}, "oss: the io.delta Maven packages in "},
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
		{"a Fabric notebook's display, its kernel in kernel_info", map[string]string{
			"jobs/job.py": job,
			"nb/explore.ipynb": `{"nbformat": 4, "nbformat_minor": 5, "metadata": {"language_info": {"name": "python"}, "kernel_info": {"name": "synapse_pyspark"}}, ` +
				`"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "source": ["display(spark.read.table('x'))"]}]}`,
		}, "unknown: no evidence"},
		{"a Fabric notebook kept in git as notebook-content.py", map[string]string{
			"jobs/job.py":                          job,
			"Explore.Notebook/notebook-content.py": "# Fabric notebook source\n\n# CELL ********************\n\ndisplay(spark.read.table('x'))\n",
		}, "unknown: no evidence"},
		{"a plain file whose comment names Fabric is no Fabric notebook", map[string]string{
			"jobs/job.py":     job,
			"jobs/explore.py": "# runs on Databricks, not Fabric notebook source\ndisplay(spark.read.table('x'))\n",
		}, "databricks: display(...) in "},
		{"a catalog the project registers as a Spark plugin", map[string]string{
			"session.py": "from pyspark.sql import SparkSession\ndef get_spark():\n    return (SparkSession.builder\n        .config('spark.sql.catalog.nessie', 'org.apache.iceberg.spark.SparkCatalog')\n        .getOrCreate())\n",
			"job.py":     "from session import get_spark\nspark = get_spark()\nspark.read.table('nessie.raw.a').write.mode('append').saveAsTable('nessie.silver.a')\n",
		}, "unknown: no evidence"},
		{"a catalog nothing registers", map[string]string{
			"session.py": "from pyspark.sql import SparkSession\ndef get_spark():\n    return (SparkSession.builder\n        .config('spark.sql.catalog.nessie', 'org.apache.iceberg.spark.SparkCatalog')\n        .getOrCreate())\n",
			"job.py":     "from session import get_spark\nspark = get_spark()\nspark.read.table('main.raw.a').write.mode('append').saveAsTable('main.silver.a')\n",
		}, "databricks: the Unity Catalog name main.silver.a"},
		{"a Jupyter notebook's display: IPython's", map[string]string{
			"jobs/job.py":      job,
			"nb/explore.ipynb": notebookWithKernel("python3", "display(spark.read.table('x'))"),
		}, "unknown: no evidence"},
		{"the display of a Jupyter notebook Databricks exported", map[string]string{
			"jobs/job.py": job,
			"nb/explore.ipynb": strings.Replace(notebookWithKernel("python3", "display(spark.read.table('x'))"),
				`"metadata": {`, `"metadata": {"application/vnd.databricks.v1+notebook": {"language": "python"}, `, 1),
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
	// a Flink script: its SET lines make the INSERTs below them Flink's too
	write(t, dir, "flink.sql", "SET 'execution.runtime-mode' = 'batch';\nINSERT INTO paimon.ad.b SELECT * FROM paimon.ad.a;\nINSERT INTO paimon.ad.c SELECT * FROM paimon.ad.a;\n")
	res, err := newLinter(t, platformRule).Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	var got, notes []string
	for _, d := range res.Details {
		if d.Path != "" {
			got = append(got, d.String())
		}
	}
	for _, n := range res.Notes {
		notes = append(notes, n.String())
	}
	want := []string{
		dir + "/mixed.sql: 2 SQL statements of other dialects skipped (1 MySQL, e.g. ENGINE=; 1 T-SQL, e.g. SELECT TOP)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("details:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// a file not linted at all is said on every run, not only with --verbose
	wantNotes := []string{
		dir + "/flink.sql: not Spark SQL: 1 of 3 statements are Flink SQL (SET 'key' = 'value'); the file is not linted",
		dir + "/mysql.sql: not Spark SQL: 2 of 3 statements are MySQL (AUTO_INCREMENT); the file is not linted",
	}
	if strings.Join(notes, "\n") != strings.Join(wantNotes, "\n") {
		t.Errorf("notes:\n%s\nwant\n%s", strings.Join(notes, "\n"), strings.Join(wantNotes, "\n"))
	}
	// paimon.ad.b is a Flink catalog's name, no evidence of Unity Catalog
	for _, f := range res.Findings {
		if strings.HasPrefix(f.Message, "databricks") {
			t.Errorf("platform from a Flink script: %s", f.Message)
		}
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

// A monorepo with a Databricks bundle and an open-source Spark service:
// each project root decides its own platform, and --verbose says which
// root chose what.
func TestPlatformPerProjectRoot(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, ".git/HEAD", "ref: refs/heads/main\n")
	write(t, dir, "lakehouse/databricks.yml", "bundle:\n  name: lake\n")
	write(t, dir, "lakehouse/src/job.py", job)
	write(t, dir, "service/pyproject.toml", "[project]\nname = \"svc\"\ndependencies = [\"pyspark>=3.5\", \"delta-spark>=3.1\"]\n")
	write(t, dir, "service/svc/job.py", job)
	res, err := newLinter(t, platformRule).Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range res.Findings {
		got[strings.TrimPrefix(f.Path, dir+"/")] = f.Message
	}
	if m := got["lakehouse/src/job.py"]; !strings.HasPrefix(m, "databricks: a Databricks asset bundle in ") {
		t.Errorf("the bundle's file: %q", m)
	}
	if m := got["service/svc/job.py"]; !strings.HasPrefix(m, "oss: delta-spark among the requirements in ") {
		t.Errorf("the service's file: %q", m)
	}
	var lines []string
	for _, d := range res.Details {
		if strings.HasPrefix(d.Message, "platform: ") {
			lines = append(lines, strings.ReplaceAll(d.Message, dir+"/", ""))
		}
	}
	want := []string{
		"platform: databricks for lakehouse (a Databricks asset bundle in lakehouse/databricks.yml)",
		"platform: oss for service (delta-spark among the requirements in service/pyproject.toml)",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("--verbose:\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}

// A delta-spark test dependency does not outrank runtime evidence of
// Databricks (the unseen-code issue's case), but still decides when it is
// all there is.
func TestPlatformDevDependencies(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"optional test group beside databricks-sdk", map[string]string{
			"pyproject.toml": "[project]\nname = \"p\"\ndependencies = [\"databricks-sdk>=0.30\"]\n[project.optional-dependencies]\ntest = [\"delta-spark==3.2.0\", \"pytest\"]\n",
		}, "databricks: databricks-sdk among the runtime dependencies in "},
		{"dependency groups beside DatabricksSession", map[string]string{
			"pyproject.toml": "[project]\nname = \"p\"\n[dependency-groups]\ndev = [\"delta-spark\"]\n",
			"jobs/s.py":      "from databricks.connect import DatabricksSession\nspark = DatabricksSession.builder.getOrCreate()\n",
		}, "databricks: DatabricksSession in "},
		{"poetry dev group beside databricks-connect", map[string]string{
			"pyproject.toml": "[tool.poetry]\nname = \"p\"\n[tool.poetry.dependencies]\ndatabricks-connect = \"^15.1\"\n[tool.poetry.group.dev.dependencies]\ndelta-spark = \"^3.2\"\n",
		}, "databricks: databricks-connect among the runtime dependencies in "},
		{"requirements-dev.txt alone", map[string]string{
			"setup.cfg":            "[metadata]\nname = p\n",
			"requirements-dev.txt": "delta-spark==3.2.0\n",
		}, "oss: delta-spark among the development or test dependencies in "},
		{"requirements.txt alone, no repository", map[string]string{
			"requirements.txt": "pyspark\ndelta-spark==3.2.0\n",
		}, "oss: delta-spark among the requirements in "},
		{"delta-spark at run time beats a dev databricks-connect", map[string]string{
			"pyproject.toml": "[project]\nname = \"p\"\ndependencies = [\"delta-spark\"]\n[project.optional-dependencies]\ndev = [\"databricks-connect\"]\n",
		}, "oss: delta-spark among the requirements in "},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, "jobs/job.py", job)
			for name, content := range tt.files {
				write(t, dir, name, content)
			}
			res, err := newLinter(t, platformRule).Lint(context.Background(), []string{dir})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range res.Findings {
				if !strings.HasPrefix(f.Message, tt.want) {
					t.Errorf("%s: %q, want %q", f.Path, f.Message, tt.want)
				}
			}
			if len(res.Findings) == 0 {
				t.Error("no findings")
			}
		})
	}
}

// The unseen-code issue's case: a delta-spark test dependency beside Unity
// Catalog three-part names made the project "oss" and LL301 fired on UC
// managed tables. The names are Databricks evidence and outrank the test
// dependency; an open-source API in the code still outranks the names.
func TestPlatformUnityCatalogNames(t *testing.T) {
	const create = "CREATE TABLE main.sales.events (id BIGINT) USING DELTA;\n"
	for _, tt := range []struct {
		name  string
		files map[string]string
		want  int // LL301 findings
	}{
		{"UC names beside a delta-spark test dependency", map[string]string{
			"pyproject.toml": "[project]\nname = \"p\"\n[project.optional-dependencies]\ntest = [\"delta-spark\"]\n",
			"sql/events.sql": create,
			"jobs/job.py":    "spark.read.table('main.raw.events').write.saveAsTable('main.sales.events')\n",
		}, 0},
		{"UC names beside configure_spark_with_delta_pip", map[string]string{
			"sql/events.sql": create,
			"jobs/session.py": "from delta import configure_spark_with_delta_pip\n" +
				"spark = configure_spark_with_delta_pip(builder).getOrCreate()\n",
		}, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, content := range tt.files {
				write(t, dir, name, content)
			}
			res, err := newLinter(t, ll301.Rule).Lint(context.Background(), []string{dir})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Findings) != tt.want {
				t.Errorf("LL301 findings %d, want %d: %+v\n%v", len(res.Findings), tt.want, res.Findings, res.Details)
			}
		})
	}
}

// A Synapse or Fabric notebook runs on that service whatever its project's
// evidence says; it gives its project no vote either.
func TestPlatformOfAnotherServicesNotebook(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "jobs/job.py", job)
	write(t, dir, "dev/session.py", "spark = SparkSession.builder.config('spark.jars.packages', 'io.delta:delta-core_2.12:0.7.0').getOrCreate()\n")
	write(t, dir, "nb/ingest.ipynb", notebookWithKernel("synapse_pyspark", "spark.read.table('x').write.saveAsTable('y')"))
	res, err := newLinter(t, platformRule).Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"jobs/job.py":     "oss: the io.delta Maven packages in ",
		"nb/ingest.ipynb": "unknown: an Azure Synapse or Microsoft Fabric notebook, which runs on that service",
	}
	seen := 0
	for _, f := range res.Findings {
		for suffix, w := range want {
			if strings.HasSuffix(f.Path, suffix) {
				seen++
				if !strings.HasPrefix(f.Message, w) {
					t.Errorf("%s: %q, want %q", f.Path, f.Message, w)
				}
			}
		}
	}
	if seen != len(want) {
		t.Fatalf("findings %v, want one for each of %v", res.Findings, want)
	}
}

// A root with no evidence of its own takes its repository's platform (a
// monorepo's tools beside its bundle), never another repository's linted
// in the same run.
func TestPlatformInheritedWithinRepositoryOnly(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "mono/.git/HEAD", "ref: refs/heads/main\n")
	write(t, dir, "mono/lakehouse/databricks.yml", "bundle:\n  name: lake\n")
	write(t, dir, "mono/lakehouse/src/job.py", job)
	write(t, dir, "mono/tools/pyproject.toml", "[project]\nname = \"tools\"\n")
	write(t, dir, "mono/tools/t/job.py", job)
	write(t, dir, "other/.git/HEAD", "ref: refs/heads/main\n")
	write(t, dir, "other/pyproject.toml", "[project]\nname = \"lib\"\n")
	write(t, dir, "other/lib/job.py", job)
	res, err := newLinter(t, platformRule).Lint(context.Background(), []string{filepath.Join(dir, "mono"), filepath.Join(dir, "other")})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range res.Findings {
		got[strings.TrimPrefix(f.Path, dir+"/")] = f.Message
	}
	if m := got["mono/tools/t/job.py"]; !strings.HasPrefix(m, "databricks: a Databricks asset bundle in ") || !strings.Contains(m, "no evidence of its own") {
		t.Errorf("the monorepo's tools: %q", m)
	}
	if m := got["other/lib/job.py"]; !strings.HasPrefix(m, "unknown: ") {
		t.Errorf("the other repository: %q", m)
	}
}
