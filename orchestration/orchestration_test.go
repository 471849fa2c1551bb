package orchestration

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// projectFiles lists a test project's files.
func projectFiles(t *testing.T, root string) (all []string, python []Source) {
	t.Helper()
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			all = append(all, p)
			if strings.HasSuffix(p, ".py") {
				python = append(python, Source{Path: p})
			}
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return all, python
}

// runs describes how each file is run: "file: runs/day by job/task".
func runs(p *Project, root string) []string {
	var out []string
	for _, f := range p.Files() {
		rel, _ := filepath.Rel(root, f.File)
		line := filepath.ToSlash(rel) + ": "
		switch {
		case f.Known:
			line += strings.TrimRight(strings.TrimRight(ftoa(f.RunsPerDay), "0"), ".") + "/day by " + f.By.Job.Key + "/" + f.By.Key
		case f.Continuous:
			line += "continuous"
		default:
			line += "not scheduled"
		}
		if f.Continuous && f.Known {
			line += " (continuous)"
		}
		out = append(out, line)
	}
	return out
}

func ftoa(x float64) string { return strconv.FormatFloat(math.Round(x*1000)/1000, 'f', 3, 64) }

func TestBundle(t *testing.T) {
	root := filepath.Join("..", "testdata", "projects", "bundle")
	files, _ := projectFiles(t, root)
	for _, tt := range []struct {
		target string
		want   []string
	}{
		{"", []string{ // the default target, dev: every 15 minutes
			"sql/checks.sql: 96/day by ingest/checks",
			"src/etl/load.py: 96/day by ingest/load", // the paused backfill job every minute does not count
			"src/notebooks/enrich.py: 96/day by ingest/enrich",
			"src/pipelines/bronze.py: 96/day by ingest/refresh", // run by a job's pipeline task
			"src/pipelines/gold.sql: 24/day by gold/gold (continuous)",
			"src/pipelines/silver/events.py: 96/day by ingest/refresh",
			"tools/src/lake_tools/publish.py: 96/day by ingest/publish", // the wheel's entry point
		}},
		{"prod", []string{ // prod's variable: hourly
			"sql/checks.sql: 24/day by ingest/checks",
			"src/etl/load.py: 24/day by ingest/load",
			"src/notebooks/enrich.py: 24/day by ingest/enrich",
			"src/pipelines/bronze.py: 24/day by ingest/refresh",
			"src/pipelines/gold.sql: 24/day by gold/gold (continuous)",
			"src/pipelines/silver/events.py: 24/day by ingest/refresh",
			"tools/src/lake_tools/publish.py: 24/day by ingest/publish",
		}},
	} {
		p := Read(Options{Bundles: []string{filepath.Join(root, "databricks.yml")}, Target: tt.target, Files: files})
		if got := runs(p, root); strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("target %q:\n%s\nwant\n%s\nnotes %v", tt.target, strings.Join(got, "\n"), strings.Join(tt.want, "\n"), p.Notes)
		}
		if len(p.Bundles) != 1 || p.Bundles[0].Name != "lakehouse" {
			t.Errorf("bundles %+v", p.Bundles)
		}
	}

	p := Read(Options{Bundles: []string{filepath.Join(root, "databricks.yml")}, Files: files})
	jobs := map[string]*Job{}
	for _, j := range p.Jobs {
		jobs[j.Key] = j
	}
	if j := jobs["ingest"]; j == nil || j.Name != "ingest-dev" || j.Schedule.Expr != "0 0/15 * * * ?" {
		t.Errorf("ingest: %+v", j)
	}
	if s := jobs["nightly"].Schedule; !s.Runs() || math.Abs(s.RunsPerDay-5.0/7) > 1e-9 || s.Paused {
		t.Errorf("nightly: %+v", s)
	}
	if s := jobs["backfill"].Schedule; s.Runs() || !s.Paused || s.RunsPerDay != 1440 {
		t.Errorf("backfill: paused, its rate kept: %+v", s)
	}
	if s := jobs["hourly"].Schedule; s.Kind != Periodic || s.RunsPerDay != 6 {
		t.Errorf("hourly: %+v", s)
	}
	if d := jobs["hourly"].Tasks[0]; d.Kind != DbtTask || d.File != "" {
		t.Errorf("dbt task: %+v", d)
	}

	// the cluster settings every task running a file agrees on
	enrich := p.For(filepath.Join(root, "src/notebooks/enrich.py"))
	if len(enrich.Tasks) != 2 {
		t.Fatalf("enrich: run by %d tasks", len(enrich.Tasks))
	}
	var keys []string
	for _, c := range enrich.SparkConf {
		keys = append(keys, c.Key+"="+c.Value+" at "+filepath.Base(c.At.File)+":"+itoa(c.At.Line))
	}
	if want := "spark.databricks.delta.properties.defaults.autoOptimize.optimizeWrite=true at ingest.yml:13"; strings.Join(keys, "; ") != want {
		t.Errorf("enrich's settings: %v, want %s", keys, want)
	}
	load := p.For(filepath.Join(root, "src/etl/load.py"))
	keys = keys[:0]
	for _, c := range load.SparkConf {
		keys = append(keys, c.Key+"="+c.Value)
	}
	sort.Strings(keys)
	// backfill's task runs on serverless compute, with no settings: none agreed
	if len(keys) != 0 || load.Serverless {
		t.Errorf("load's settings: %v, serverless %t", keys, load.Serverless)
	}
	if checks := p.For(filepath.Join(root, "sql/checks.sql")); checks.Serverless {
		t.Error("checks.sql: a SQL task runs on a warehouse")
	}
	prod := Read(Options{Bundles: []string{filepath.Join(root, "databricks.yml")}, Target: "prod", Files: files})
	for _, j := range prod.Jobs {
		if j.Key == "ingest" {
			if v, _ := confValue(j.Tasks[0].SparkConf, "spark.sql.shuffle.partitions"); v != "400" {
				t.Errorf("prod's override: %q", v)
			}
			if v, _ := confValue(j.Tasks[0].SparkConf, "spark.databricks.delta.properties.defaults.autoOptimize.autoCompact"); v != "true" {
				t.Errorf("prod's override dropped the base settings: %q", v)
			}
		}
	}
}

func TestAirflow(t *testing.T) {
	root := filepath.Join("..", "testdata", "projects", "airflow")
	files, python := projectFiles(t, root)
	p := Read(Options{Python: python, Files: files})
	want := []string{
		"jobs/compact.py: 24/day by hourly/compact",     // BashOperator running spark-submit
		"jobs/load.py: 288/day by ingest/load",          // a container path, matched by its ending; also every 30 minutes
		"jobs/report.py: 0.143/day by weekly/report",    // the manual DAG does not count
		"notebooks/enrich.py: 288/day by ingest/enrich", // json held in a module constant
	}
	if got := runs(p, root); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("\n%s\nwant\n%s\nnotes %v", strings.Join(got, "\n"), strings.Join(want, "\n"), p.Notes)
	}
	jobs := map[string]*Job{}
	for _, j := range p.Jobs {
		jobs[j.Key] = j
	}
	if j := jobs["half_hourly"]; j == nil || j.Schedule.RunsPerDay != 48 || len(j.Tasks) != 2 || j.Tasks[1].Kind != RunJobTask {
		t.Errorf("@dag: %+v", j)
	}
	if j := jobs["hourly"]; j == nil || len(j.Tasks) != 2 || j.Tasks[1].File != "" || j.Tasks[1].Ref != "dbfs:/jobs/score.py" {
		t.Errorf("hourly: %+v", j)
	}
	if j := jobs["manual"]; j == nil || j.Schedule.Kind != Manual || j.Schedule.Runs() {
		t.Errorf("manual: %+v", j)
	}
	if j := jobs["weekly"]; j == nil || len(j.Tasks) != 1 {
		t.Errorf("weekly: a BashOperator without spark-submit is no task here: %+v", j)
	}
	if f := p.For(filepath.Join(root, "jobs/load.py")); len(f.Tasks) != 2 {
		t.Errorf("load.py is run by two DAGs: %+v", f.Tasks)
	}
}

func TestMaybeDAG(t *testing.T) {
	if MaybeDAG([]byte("df.write.saveAsTable('x')\n")) {
		t.Error("plain Spark code")
	}
	if f := ParseDAGs("x.py", []byte("# airflow is mentioned, no DAG\nDAG = 1\n")); len(f.Jobs) != 0 {
		t.Errorf("jobs %+v", f.Jobs)
	}
}

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// Paths are relative to the YAML file that declares them; a wheel's entry
// point may come from setup.cfg; variables may name variables and the
// target; a missing target is noted and the base settings used.
func TestBundleShapes(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"databricks.yml": `bundle:
  name: b
include:
  - conf/**/*.yaml
variables:
  env:
    default: dev
  root:
    default: jobs_${var.env}
targets:
  dev:
    default: true
`,
		"conf/deep/jobs.yaml": `resources:
  jobs:
    a:
      trigger:
        periodic: {interval: 30, unit: MINUTES}
      tasks:
        - task_key: nb
          notebook_task:
            notebook_path: ../../${var.root}/nightly
        - task_key: whl
          python_wheel_task: {package_name: etl.tools, entry_point: run}
        - task_key: gone
          spark_python_task: {python_file: ../../missing.py}
        - task_key: ws
          notebook_task: {notebook_path: /Workspace/Shared/other}
    b:
      continuous: {pause_status: UNPAUSED}
      tasks:
        - task_key: s
          spark_python_task:
            python_file: ${workspace.file_path}/stream.py
    c:
      trigger:
        file_arrival: {url: "s3://bucket/in/"}
      tasks:
        - task_key: f
          spark_python_task:
            python_file: "${workspace.file_path}/stream.py"
`,
		"jobs_dev/nightly.ipynb": "{}",
		"stream.py":              "x = 1\n",
		"pkg/setup.cfg":          "[metadata]\nname = etl-tools\n[options.entry_points]\nconsole_scripts =\n    run = etl_tools.main:cli\n",
		"pkg/etl_tools/main.py":  "def cli(): pass\n",
	})
	p := Read(Options{Bundles: []string{filepath.Join(dir, "databricks.yml")}})
	if got := strings.Join(runs(p, dir), "\n"); got != strings.Join([]string{
		"jobs_dev/nightly.ipynb: 48/day by a/nb",
		"pkg/etl_tools/main.py: 48/day by a/whl",
		"stream.py: continuous",
	}, "\n") {
		t.Errorf("runs:\n%s\nnotes %v", got, p.Notes)
	}
	if f := p.For(filepath.Join(dir, "stream.py")); len(f.Tasks) != 2 || f.Tasks[1].Job.Schedule.Kind != FileArrival || !f.Serverless {
		t.Errorf("stream.py: serverless %t, %+v", f.Serverless, f.Tasks)
	}
	notes := strings.Join(p.Notes, "\n")
	for _, want := range []string{"task gone: no project file at ../../missing.py", "task ws: the path /Workspace/Shared/other is not in the project"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	q := Read(Options{Bundles: []string{filepath.Join(dir, "databricks.yml")}, Target: "staging"})
	if !strings.Contains(strings.Join(q.Notes, "\n"), `the bundle has no target "staging"`) || q.Bundles[0].Target != "staging" {
		t.Errorf("unknown target: %v", q.Notes)
	}
	// inputs: the bundle's YAML and the package file read for the entry point
	var inputs []string
	for _, in := range p.Inputs {
		rel, _ := filepath.Rel(dir, in)
		inputs = append(inputs, filepath.ToSlash(rel))
	}
	sort.Strings(inputs)
	if got := strings.Join(inputs, " "); got != "conf/deep/jobs.yaml databricks.yml pkg/setup.cfg" {
		t.Errorf("inputs %s", got)
	}
}

// Bundles are found in a file's directory and above it, not above the
// repository's top.
func TestFindBundles(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"databricks.yml":             "", // above the repository: not this project's
		"repo/.git/HEAD":             "",
		"repo/databricks.yml":        "",
		"repo/sub/databricks.yaml":   "",
		"repo/sub/src/job.py":        "",
		"repo/other/job.py":          "",
		"repo/sub/src/deeper/two.py": "",
	})
	got := FindBundles([]string{
		filepath.Join(dir, "repo/sub/src/job.py"),
		filepath.Join(dir, "repo/other/job.py"),
		filepath.Join(dir, "repo/sub/src/deeper/two.py"),
	})
	want := []string{filepath.Join(dir, "repo/databricks.yml"), filepath.Join(dir, "repo/sub/databricks.yaml")}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("%v, want %v", got, want)
	}
}

func TestDAGSchedules(t *testing.T) {
	src := `from datetime import timedelta
import datetime
from airflow import DAG, Dataset
from airflow.models import DAG as ModelDAG

a = DAG("once", schedule="@once")
b = DAG("cont", schedule="@continuous")
c = DAG("data", schedule=[Dataset("s3://x/y")])
d = DAG("quarterly", schedule="@quarterly")
e = DAG("td", schedule_interval=datetime.timedelta(hours=2, minutes=30))
f = ModelDAG("days", schedule=timedelta(1))
g = DAG("bad", schedule="every day")
h = DAG("none_given")
`
	df := ParseDAGs("dags/x.py", []byte(src))
	got := map[string]Schedule{}
	for _, j := range df.Jobs {
		got[j.Key] = j.Schedule
	}
	for _, tt := range []struct {
		key    string
		kind   TriggerKind
		perDay float64
		known  bool
	}{
		{"once", Once, 0, false},
		{"cont", Continuous, 0, false},
		{"data", TableUpdate, 0, false},
		{"quarterly", Cron, 4 / 365.25, true},
		{"td", Periodic, 24 / 2.5, true},
		{"days", Periodic, 1, true},
		{"bad", Cron, 0, false},
		{"none_given", Manual, 0, false},
	} {
		s, ok := got[tt.key]
		if !ok {
			t.Errorf("%s: no DAG", tt.key)
			continue
		}
		if s.Kind != tt.kind || s.Known != tt.known || math.Abs(s.RunsPerDay-tt.perDay) > 0.001 {
			t.Errorf("%s: %+v, want %s %.4f known %t", tt.key, s, tt.kind, tt.perDay, tt.known)
		}
	}
}

func TestBundleTableUpdateTrigger(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"databricks.yml": "bundle:\n  name: b\nresources:\n  jobs:\n    t:\n      trigger:\n        pause_status: PAUSED\n        table_update:\n          table_names: [main.raw.events]\n      tasks:\n        - task_key: x\n          spark_python_task:\n            python_file: job.py\n",
		"job.py":         "x = 1\n",
	})
	p := Read(Options{Bundles: []string{filepath.Join(dir, "databricks.yml")}})
	if len(p.Jobs) != 1 || p.Jobs[0].Schedule.Kind != TableUpdate || !p.Jobs[0].Schedule.Paused {
		t.Fatalf("%+v", p.Jobs)
	}
	if f := p.For(filepath.Join(dir, "job.py")); f == nil || f.Known {
		t.Errorf("job.py: %+v", f)
	}
}

// An entry point two groups of a pyproject.toml name is the last group's
// in key order, whatever order Go gives the maps.
func TestEntryPointNamedTwice(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"databricks.yml": `bundle:
  name: b
resources:
  jobs:
    a:
      trigger:
        periodic: {interval: 30, unit: MINUTES}
      tasks:
        - task_key: whl
          python_wheel_task: {package_name: etl, entry_point: run}
`,
		"pkg/pyproject.toml": `[project]
name = "etl"
[project.entry-points.b]
run = "etl.second:cli"
[project.entry-points.a]
run = "etl.first:cli"
[project.entry-points.c]
other = "etl.first:cli"
`,
		"pkg/etl/first.py":  "def cli(): pass\n",
		"pkg/etl/second.py": "def cli(): pass\n",
	})
	for range 20 {
		p := Read(Options{Bundles: []string{filepath.Join(dir, "databricks.yml")}})
		if got := strings.Join(runs(p, dir), "\n"); got != "pkg/etl/second.py: 48/day by a/whl" {
			t.Fatalf("runs:\n%s\nnotes %v", got, p.Notes)
		}
	}
}

// A task gives the file it runs its job's parameters and its own, values
// after variables, a {{job.parameters.x}} reference taking the default.
func TestTaskParams(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"databricks.yml": `bundle: {name: b}
variables:
  catalog: {default: main}
resources:
  jobs:
    j:
      parameters:
        - {name: env, default: prod}
      tasks:
        - task_key: nb
          notebook_task:
            notebook_path: ./nb.sql
            base_parameters:
              catalog: ${var.catalog}
              schema: "{{job.parameters.env}}"
              other: "{{job.parameters.missing}}"
        - task_key: q
          sql_task:
            file: {path: ./q.sql}
            parameters: {schema: gold}
`,
		"nb.sql": "SELECT 1",
		"q.sql":  "SELECT 1",
	})
	p := Read(Options{Bundles: []string{filepath.Join(dir, "databricks.yml")}})
	got := map[string]string{}
	for _, f := range p.Files() {
		var ps []string
		for _, tk := range f.Tasks {
			for _, c := range tk.Params {
				ps = append(ps, c.Key+"="+c.Value)
			}
		}
		got[filepath.Base(f.File)] = strings.Join(ps, " ")
	}
	want := map[string]string{
		"nb.sql": "env=prod catalog=main schema=prod other={{job.parameters.missing}}",
		"q.sql":  "env=prod schema=gold",
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: params %q, want %q", k, got[k], w)
		}
	}
}

// A bundle dbt_task and Airflow's DbtRunOperator and BashOperator running
// dbt run the models of their project: all of them, or those selected by
// name; a selector that is no model name (tag:) adds none, and dbt test
// runs no model.
func TestDbtTasks(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"databricks.yml": `bundle: {name: b}
resources:
  jobs:
    hourly:
      schedule: {quartz_cron_expression: "0 0 * * * ?"}
      tasks:
        - task_key: dbt
          dbt_task:
            project_directory: ./warehouse
            commands: ["dbt deps", "dbt run --select orders"]
    nightly:
      schedule: {quartz_cron_expression: "0 0 2 * * ?"}
      tasks:
        - task_key: all
          dbt_task:
            project_directory: warehouse
            commands: ["dbt run"]
    tagged:
      schedule: {quartz_cron_expression: "0 */5 * * * ?"}
      tasks:
        - task_key: t
          dbt_task:
            project_directory: warehouse
            commands: ["dbt run --select tag:fast", "dbt test"]
`,
		"warehouse/dbt_project.yml":      "name: w\n",
		"warehouse/models/orders.sql":    "select 1",
		"warehouse/models/customers.sql": "select 1",
		"warehouse/macros/m.sql":         "{% macro m() %}1{% endmacro %}",
		"lake/dbt_project.yml":           "name: lake\n",
		"lake/models/events.sql":         "select 1",
		"lake/models/sessions.sql":       "select 1",
		"dags/dbt_dag.py": `from airflow import DAG
from airflow_dbt.operators.dbt_operator import DbtRunOperator
from airflow.operators.bash import BashOperator
with DAG("lake", schedule="*/30 * * * *") as dag:
    DbtRunOperator(task_id="events", dir="/opt/airflow/lake", models="events")
    BashOperator(task_id="sessions", bash_command="cd /opt/airflow/lake && dbt run -s sessions")
`,
	})
	var files []string
	var py []Source
	all, python := projectFiles(t, dir)
	files, py = all, python
	p := Read(Options{Bundles: []string{filepath.Join(dir, "databricks.yml")}, Files: files, Python: py})
	got := strings.Join(runs(p, dir), "\n")
	want := strings.Join([]string{
		"lake/models/events.sql: 48/day by lake/events",
		"lake/models/sessions.sql: 48/day by lake/sessions",
		"warehouse/models/customers.sql: 1/day by nightly/all",
		"warehouse/models/orders.sql: 24/day by hourly/dbt",
	}, "\n")
	if got != want {
		t.Errorf("runs:\n%s\nwant\n%s", got, want)
	}
}

// A bundle's Python resources are read as its YAML's: Job.from_dict
// dictionaries and dataclass calls, through names, imports and the
// package loader, under the target's overrides; what only running the
// code tells is left unknown, and a file python.resources never loads is
// not read.
func TestPythonBundle(t *testing.T) {
	root := filepath.Join("..", "testdata", "projects", "pybundle")
	files, _ := projectFiles(t, root)
	for _, tt := range []struct {
		target string
		want   []string
	}{
		{"", []string{
			"src/hourly.py: 48/day by hourly_copy/copy", // the dev target's override of a Python job
			"src/ingest.py: 96/day by frequent_ingest/ingest",
			"src/nightly.py: 1/day by nightly/copy",
			"src/on_table.py: not scheduled",
		}},
		{"prod", []string{
			"src/hourly.py: 24/day by hourly_copy/copy", // Variables.hourly: the variable's default
			"src/ingest.py: 96/day by frequent_ingest/ingest",
			"src/nightly.py: 1/day by nightly/copy",
			"src/on_table.py: not scheduled",
		}},
	} {
		p := Read(Options{Bundles: []string{filepath.Join(root, "databricks.yml")}, Target: tt.target, Files: files})
		if got := runs(p, root); strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("target %q:\n%s\nwant\n%s\nnotes %v", tt.target, strings.Join(got, "\n"), strings.Join(tt.want, "\n"), p.Notes)
		}
		jobs := map[string]*Job{}
		for _, j := range p.Jobs {
			jobs[j.Key] = j
		}
		if j := jobs["stream"]; j == nil || j.Schedule.Kind != Continuous || len(j.Tasks) != 1 || j.Tasks[0].File != "" || !strings.Contains(j.Tasks[0].Why, "not known") {
			t.Errorf("stream: %+v", j)
		}
		if j := jobs["on_table"]; j == nil || j.Schedule.Kind != TableUpdate {
			t.Errorf("on_table: %+v", j)
		}
		if j := jobs["frequent_ingest"]; j == nil || j.Schedule.Kind != Periodic || j.Schedule.At.File != filepath.Join(root, "resources", "constants.py") {
			t.Errorf("frequent_ingest's trigger is not placed where it is defined: %+v", j)
		}
		if jobs["unlisted"] != nil || jobs["built"] != nil || len(jobs) != 5 {
			t.Errorf("jobs %v", jobs)
		}
		notes := strings.Join(p.Notes, "\n")
		for _, want := range []string{"a resource added under a name only running the code gives", "job built is built by code lakelint does not run"} {
			if !strings.Contains(notes, want) {
				t.Errorf("notes lack %q:\n%s", want, notes)
			}
		}
		if !slices.Contains(p.Inputs, filepath.Join(root, "resources", "jobs.py")) {
			t.Errorf("inputs %v lack the Python resources", p.Inputs)
		}
	}
}

// Terraform's databricks_job resources are read as bundle jobs: a task's
// notebook or file is the source of the resource uploading it (named by
// reference or by its path), a path built from path.module, or a path of
// the repository; variables take their tfvars values, the older one-task
// form and pipelines are read, what only a plan knows stays unknown, and
// the modules Terraform downloads (.terraform) are not the project's.
func TestTerraform(t *testing.T) {
	root := filepath.Join("..", "testdata", "projects", "terraform")
	files, _ := projectFiles(t, root)
	var f BundleFinder
	tf := f.FindTerraform([]string{filepath.Join(root, "notebooks", "ingest.py"), filepath.Join(root, "jobs", "score.py")})
	if len(tf) != 2 || filepath.Base(tf[0]) != "main.tf" || filepath.Base(tf[1]) != "other.tf" {
		t.Fatalf("Terraform files %v", tf)
	}
	p := Read(Options{Terraform: tf, Files: files})
	want := []string{
		"jobs/score.py: 96/day by ingest/score",
		"notebooks/dlt_events.py: 96/day by ingest/refresh",
		"notebooks/ingest.py: 96/day by ingest/ingest",
		"notebooks/legacy.py: not scheduled", // paused
		"notebooks/report.py: 24/day by hourly_report/report",
	}
	if got := runs(p, root); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("\n%s\nwant\n%s\nnotes %v", strings.Join(got, "\n"), strings.Join(want, "\n"), p.Notes)
	}
	jobs := map[string]*Job{}
	for _, j := range p.Jobs {
		jobs[j.Key] = j
	}
	if j := jobs["ingest"]; j == nil || j.Source != Terraform || j.Name != "ingest-prod" || len(j.Tasks) != 3 || j.Schedule.At.File != filepath.Join(root, "infra", "main.tf") || j.Schedule.At.Line != 34 {
		t.Errorf("ingest: %+v", j)
	} else if v, _ := confValue(j.Tasks[0].SparkConf, "spark.sql.shuffle.partitions"); v != "64" {
		t.Errorf("ingest's job cluster: %+v", j.Tasks[0].SparkConf)
	}
	if j := jobs["stream"]; j == nil || j.Schedule.Kind != Continuous || j.Tasks[0].File != "" {
		t.Errorf("stream: %+v", j)
	}
	if j := jobs["unknown"]; j == nil || j.Schedule.Known || j.Tasks[0].File != "" || !strings.Contains(j.Tasks[0].Why, "not known") {
		t.Errorf("unknown: %+v", j)
	}
	if len(jobs) != 5 || jobs["downloaded"] != nil {
		t.Errorf("jobs %v", jobs)
	}
	if !slices.Contains(p.Inputs, filepath.Join(root, "infra", "terraform.tfvars")) {
		t.Errorf("inputs %v", p.Inputs)
	}
}

// spark-defaults.conf entries are read in each of the file's spellings;
// comments, blank lines and keys without a value are not entries.
func TestParseSparkDefaults(t *testing.T) {
	text := "# spark.sql.adaptive.enabled false\n" +
		"spark.sql.catalog.lake   org.apache.iceberg.spark.SparkCatalog\n" +
		"\n" +
		"  ! spark.databricks.delta.optimizeWrite.enabled true\n" +
		"spark.databricks.delta.optimizeWrite.enabled=true\r\n" +
		"spark.sql.adaptive.enabled : false\n" +
		"spark.lonely\n"
	got := ParseSparkDefaults("conf/spark-defaults.conf", text)
	want := []string{
		"spark.sql.catalog.lake=org.apache.iceberg.spark.SparkCatalog@2:1",
		"spark.databricks.delta.optimizeWrite.enabled=true@5:1",
		"spark.sql.adaptive.enabled=false@6:1",
	}
	if len(got) != len(want) {
		t.Fatalf("entries %+v", got)
	}
	for i, c := range got {
		if s := fmt.Sprintf("%s=%s@%d:%d", c.Key, c.Value, c.At.Line, c.At.Col); s != want[i] {
			t.Errorf("entry %d: %s, want %s", i, s, want[i])
		}
		if text[c.At.Start:c.At.End] != c.Key {
			t.Errorf("entry %d spans %q", i, text[c.At.Start:c.At.End])
		}
	}
}

// A root's spark-defaults.conf files are found in its tree, not in a
// nested root, a hidden or virtual-environment directory, nor too deep.
func TestSparkDefaultsFiles(t *testing.T) {
	root := t.TempDir()
	for _, name := range []string{
		"conf/spark-defaults.conf", "docker/spark/spark-defaults.conf",
		"nested/spark-defaults.conf", ".venv/spark-defaults.conf", "a/b/c/d/e/spark-defaults.conf",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("spark.k."+strings.ReplaceAll(filepath.Dir(name), "/", "_")+" v\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	isRoot := func(dir string) bool { return filepath.Base(dir) == "nested" }
	var got []string
	for _, c := range SparkDefaults(root, isRoot) {
		got = append(got, c.Key)
	}
	if strings.Join(got, ",") != "spark.k.conf,spark.k.docker_spark" {
		t.Errorf("found %v", got)
	}
}
