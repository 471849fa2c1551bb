variable "env" {
  default = "dev"
}

variable "cron" {
  type    = string
  default = "0 0/15 * * * ?"
}

locals {
  notebooks = "${path.module}/../notebooks"
}

resource "databricks_notebook" "ingest" {
  source = "${local.notebooks}/ingest.py"
  path   = "/Shared/${var.env}/ingest"
}

resource "databricks_workspace_file" "score" {
  source = abspath("${path.module}/../jobs/score.py")
  path   = "/Shared/jobs/score.py"
}

resource "databricks_notebook" "dlt" {
  source = "../notebooks/dlt_events.py"
  path   = "/Shared/dlt_events"
}

# every 15 minutes: a notebook the module uploads, a file named by its
# workspace path, and a pipeline
resource "databricks_job" "ingest" {
  name = "ingest-${var.env}"
  schedule {
    quartz_cron_expression = var.cron
    timezone_id            = "UTC"
  }
  job_cluster {
    job_cluster_key = "main"
    new_cluster {
      spark_version = "15.4.x-scala2.12"
      spark_conf = {
        "spark.sql.shuffle.partitions" = "64"
      }
    }
  }
  task {
    task_key        = "ingest"
    job_cluster_key = "main"
    notebook_task {
      notebook_path = databricks_notebook.ingest.path
    }
  }
  task {
    task_key            = "score"
    existing_cluster_id = "0101-000000-abcdefgh"
    spark_python_task {
      python_file = "/Workspace/Shared/jobs/score.py"
    }
  }
  task {
    task_key = "refresh"
    pipeline_task {
      pipeline_id = databricks_pipeline.events.id
    }
  }
}

resource "databricks_pipeline" "events" {
  name       = "events"
  continuous = false
  library {
    notebook {
      path = databricks_notebook.dlt.path
    }
  }
}

# hourly, from the repository (git_source)
resource "databricks_job" "hourly_report" {
  trigger {
    periodic {
      interval = 1
      unit     = "HOURS"
    }
  }
  git_source {
    url      = "https://example.com/lake.git"
    provider = "gitHub"
    branch   = "main"
  }
  task {
    task_key = "report"
    notebook_task {
      notebook_path = "notebooks/report"
      source        = "GIT"
    }
  }
}
