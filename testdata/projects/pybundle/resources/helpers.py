from databricks.bundles.jobs import Job


def make_job(path):
    return Job.from_dict({"name": "built", "tasks": [{"task_key": "t", "spark_python_task": {"python_file": path}}]})
