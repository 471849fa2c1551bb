from databricks.bundles.jobs import Job

# not in the package python.resources loads: never deployed
unlisted = Job.from_dict(
    {"name": "unlisted", "trigger": {"periodic": {"interval": 1, "unit": "MINUTES"}},
     "tasks": [{"task_key": "t", "notebook_task": {"notebook_path": "src/unlisted.py"}}]}
)
