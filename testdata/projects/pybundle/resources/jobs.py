from databricks.bundles.core import Variable, variables
from databricks.bundles.jobs import (
    Continuous,
    CronSchedule,
    Job,
    NotebookTask,
    SparkPythonTask,
    TableUpdateTriggerConfiguration,
    Task,
)

from .constants import EVERY_15_MINUTES

NAME = "stream"


@variables
class Variables:
    hourly: Variable[str]


ingest = Task(task_key="ingest", spark_python_task=SparkPythonTask(python_file="src/ingest.py"))

frequent_ingest = Job(name="frequent_ingest", trigger=EVERY_15_MINUTES, tasks=[ingest])

hourly_copy = Job(
    name="hourly",
    schedule=CronSchedule(quartz_cron_expression=Variables.hourly, timezone_id="UTC"),
    tasks=[Task(task_key="copy", notebook_task=NotebookTask(notebook_path="src/hourly"))],
)

on_table = Job(
    name="on_table",
    trigger=TableUpdateTriggerConfiguration(table_names=["main.raw.events"]),
    tasks=[Task(task_key="t", notebook_task=NotebookTask(notebook_path="src/on_table.py"))],
)

stream = Job(
    name="stream",
    continuous=Continuous(pause_status="UNPAUSED"),
    tasks=[Task(task_key="s", notebook_task=NotebookTask(notebook_path=f"src/{NAME}_{1}.py"))],
)
