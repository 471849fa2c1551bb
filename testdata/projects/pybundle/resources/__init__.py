from databricks.bundles.core import Bundle, Resources, load_resources_from_current_package_module
from databricks.bundles.jobs import Job

from .helpers import make_job

SOURCES = ["orders", "customers"]


def load_resources(bundle: Bundle) -> Resources:
    resources = load_resources_from_current_package_module()
    resources.add_job(
        "nightly",
        Job.from_dict(
            {
                "name": "nightly",
                "schedule": {"quartz_cron_expression": "0 0 2 * * ?", "pause_status": "UNPAUSED"},
                "tasks": [{"task_key": "copy", "notebook_task": {"notebook_path": "src/nightly.py"}}],
            }
        ),
    )
    resources.add_job(resource_name="built", job=make_job("src/built.py"))
    for source in SOURCES:
        resources.add_job(f"ingest_{source}", Job.from_dict({"name": source}))
    return resources
