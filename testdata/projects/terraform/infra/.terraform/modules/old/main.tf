resource "databricks_job" "downloaded" {
  schedule {
    quartz_cron_expression = "0 * * * * ?"
    timezone_id            = "UTC"
  }
  task {
    task_key = "t"
    notebook_task {
      notebook_path = "../../../../notebooks/report.py"
    }
  }
}
