# the provider's older form: one task at the job's top level; paused
resource "databricks_job" "legacy" {
  name = "legacy"
  schedule {
    quartz_cron_expression = "0 0 3 * * ?"
    timezone_id            = "UTC"
    pause_status           = "PAUSED"
  }
  notebook_task {
    notebook_path = "${path.module}/../notebooks/legacy.py"
  }
}

resource "databricks_job" "stream" {
  continuous {
    pause_status = "UNPAUSED"
  }
  task {
    task_key = "s"
    spark_python_task {
      python_file = "/Workspace/Users/someone/elsewhere.py"
    }
  }
}

# nothing a plan would not tell: no such variable, no such notebook
resource "databricks_job" "unknown" {
  schedule {
    quartz_cron_expression = var.missing
    timezone_id            = "UTC"
  }
  task {
    task_key = "t"
    notebook_task {
      notebook_path = databricks_notebook.missing.path
    }
  }
}

resource "aws_s3_bucket" "lake" {
  bucket = "lake"
}
