package corpusgen

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
)

// WriteSchedules writes, beside files job files laid out as WriteDir lays
// them, the orchestration that runs them: a Databricks Asset Bundle
// (databricks.yml with a variable, a default target and an include of
// resources/*.yml, one resource file per directory of jobs, their jobs on
// quartz cron, periodic, file-arrival and continuous triggers, some paused)
// an Airflow DAG file per directory (cron strings, presets and
// timedelta schedules; SparkSubmit, Databricks and Bash operators), the
// bundle's Python resources (a package of Job definitions, dataclass and
// from_dict alike) and a Terraform file per directory (databricks_job
// resources running the files databricks_notebook resources upload).
// Eight of every nine job files are named by a task. The same seed gives the
// same bytes.
func WriteSchedules(dir string, seed uint64, files int) error {
	r := rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d))
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	write := func(rel, text string) error {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		return os.WriteFile(p, []byte(text), 0o644)
	}
	bundle := "bundle:\n  name: corpus\n\nvariables:\n  cadence:\n    default: \"0 */15 * * * ?\"\n\ninclude:\n  - resources/*.yml\n\n" +
		"python:\n  venv_path: .venv\n  resources:\n    - \"pyresources:load_resources\"\n\n" +
		"targets:\n  dev:\n    default: true\n  prod:\n    variables:\n      cadence: \"0 0 * * * ?\"\n"
	if err := write("databricks.yml", bundle); err != nil {
		return err
	}
	loader := "from databricks.bundles.core import Bundle, Resources, load_resources_from_current_package_module\n\n\n" +
		"def load_resources(bundle: Bundle) -> Resources:\n    return load_resources_from_current_package_module()\n"
	if err := write("pyresources/__init__.py", loader); err != nil {
		return err
	}
	for pkg := 0; pkg*100 < files; pkg++ {
		var res, dag, py, tf strings.Builder
		py.WriteString("from databricks.bundles.jobs import CronSchedule, Job, PeriodicTriggerConfiguration, SparkPythonTask, Task, TriggerSettings\n\n")
		res.WriteString("resources:\n  jobs:\n")
		dag.WriteString("from datetime import datetime, timedelta\n\n" +
			"from airflow import DAG\n" +
			"from airflow.operators.bash import BashOperator\n" +
			"from airflow.providers.apache.spark.operators.spark_submit import SparkSubmitOperator\n" +
			"from airflow.providers.databricks.operators.databricks import DatabricksSubmitRunOperator\n\n")
		last := min(files, (pkg+1)*100)
		for first := pkg * 100; first < last; first += 10 {
			// file first is a helper module (see helperEvery): jobs are the nine after it
			job := fmt.Sprintf("load_%04d", first)
			fmt.Fprintf(&res, "    %s:\n      name: %s\n", job, job)
			switch r.IntN(6) {
			case 0:
				fmt.Fprintf(&res, "      schedule:\n        quartz_cron_expression: %q\n        timezone_id: UTC\n",
					pick("0 */5 * * * ?", "0 0/10 * * * ?", "0 15 2 * * ?", "0 0 8-18 ? * MON-FRI", "0 30 */2 * * ?"))
			case 1:
				res.WriteString("      schedule:\n        quartz_cron_expression: ${var.cadence}\n        timezone_id: UTC\n")
			case 2:
				fmt.Fprintf(&res, "      trigger:\n        periodic:\n          interval: %d\n          unit: %s\n", 1+r.IntN(12), pick("MINUTES", "HOURS", "DAYS"))
			case 3:
				res.WriteString("      trigger:\n        file_arrival:\n          url: /Volumes/main/landing/in/\n")
			case 4:
				res.WriteString("      continuous:\n        pause_status: UNPAUSED\n")
			default:
				res.WriteString("      schedule:\n        quartz_cron_expression: \"0 0 * * * ?\"\n        pause_status: PAUSED\n")
			}
			res.WriteString("      job_clusters:\n        - job_cluster_key: main\n          new_cluster:\n            spark_version: 15.4.x-scala2.12\n" +
				"            spark_conf:\n              spark.sql.shuffle.partitions: \"64\"\n      tasks:\n")
			for i := first + 1; i < min(last, first+5); i++ {
				fmt.Fprintf(&res, "        - task_key: t%04d\n          job_cluster_key: main\n          spark_python_task:\n            python_file: ../pkg%02d/job_%04d.py\n", i, pkg, i)
			}
			// the DAG runs four more of the group
			fmt.Fprintf(&dag, "with DAG(%q, start_date=datetime(2024, 1, 1), schedule=%s, catchup=False):\n", fmt.Sprintf("dag_%04d", first),
				pick(`"*/5 * * * *"`, `"@hourly"`, `"@daily"`, "timedelta(minutes=30)", `"0 */4 * * *"`))
			for i := first + 5; i < min(last, first+9); i++ {
				file := fmt.Sprintf("pkg%02d/job_%04d.py", pkg, i)
				switch i % 3 {
				case 0:
					fmt.Fprintf(&dag, "    SparkSubmitOperator(task_id=\"t%04d\", application=%q)\n", i, file)
				case 1:
					fmt.Fprintf(&dag, "    BashOperator(task_id=\"t%04d\", bash_command=\"spark-submit --master yarn /opt/airflow/repo/%s\")\n", i, file)
				default:
					fmt.Fprintf(&dag, "    DatabricksSubmitRunOperator(task_id=\"t%04d\", json={\"spark_python_task\": {\"python_file\": %q}})\n", i, "file:///Workspace/repo/"+file)
				}
			}
			dag.WriteString("\n")
			// a Python resource and a Terraform job run two more, which
			// the YAML and a DAG run too
			pyJob, tfJob := first+1, first+5
			if pyJob < last {
				if r.IntN(2) == 0 {
					fmt.Fprintf(&py, "py_%04d = Job(\n    name=%q,\n    trigger=TriggerSettings(periodic=PeriodicTriggerConfiguration(interval=%d, unit=\"HOURS\")),\n"+
						"    tasks=[Task(task_key=\"t%04d\", spark_python_task=SparkPythonTask(python_file=\"pkg%02d/job_%04d.py\"))],\n)\n\n", first, fmt.Sprintf("py_%04d", first), 1+r.IntN(6), pyJob, pkg, pyJob)
				} else {
					fmt.Fprintf(&py, "py_%04d = Job.from_dict(\n    {\n        \"name\": %q,\n        \"schedule\": {\"quartz_cron_expression\": %q},\n"+
						"        \"tasks\": [{\"task_key\": \"t%04d\", \"spark_python_task\": {\"python_file\": \"pkg%02d/job_%04d.py\"}}],\n    }\n)\n\n",
						first, fmt.Sprintf("py_%04d", first), pick("0 */20 * * * ?", "0 0 3 * * ?"), pyJob, pkg, pyJob)
				}
			}
			if tfJob < last {
				fmt.Fprintf(&tf, "resource \"databricks_notebook\" \"nb_%04d\" {\n  source = \"${path.module}/../pkg%02d/job_%04d.py\"\n  path   = \"/Shared/corpus/job_%04d\"\n}\n\n", tfJob, pkg, tfJob, tfJob)
				fmt.Fprintf(&tf, "resource \"databricks_job\" \"tf_%04d\" {\n  name = \"tf_%04d\"\n  schedule {\n    quartz_cron_expression = %q\n    timezone_id            = \"UTC\"\n  }\n"+
					"  task {\n    task_key = \"t%04d\"\n    notebook_task {\n      notebook_path = databricks_notebook.nb_%04d.path\n    }\n  }\n}\n\n",
					first, first, pick("0 0/30 * * * ?", "0 0 */6 * * ?"), tfJob, tfJob)
			}
		}
		if err := write(fmt.Sprintf("pyresources/jobs_%02d.py", pkg), py.String()); err != nil {
			return err
		}
		if err := write(fmt.Sprintf("terraform/jobs_%02d.tf", pkg), tf.String()); err != nil {
			return err
		}
		if err := write(fmt.Sprintf("resources/jobs_%02d.yml", pkg), res.String()); err != nil {
			return err
		}
		if err := write(fmt.Sprintf("dags/dag_%02d.py", pkg), dag.String()); err != nil {
			return err
		}
	}
	return nil
}
