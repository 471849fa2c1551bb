from datetime import timedelta

from airflow import DAG
from airflow.decorators import dag
from airflow.operators.bash import BashOperator
from airflow.providers.apache.spark.operators.spark_submit import SparkSubmitOperator
from airflow.providers.databricks.operators.databricks import (
    DatabricksRunNowOperator,
    DatabricksSubmitRunOperator,
)

EVERY_FIVE = "*/5 * * * *"

notebook_run = {
    "new_cluster": {"spark_version": "15.4.x-scala2.12"},
    "notebook_task": {"notebook_path": "/Repos/team/lake/notebooks/enrich"},
}

with DAG("ingest", schedule=EVERY_FIVE, catchup=False) as ingest:
    load = SparkSubmitOperator(task_id="load", application="/opt/airflow/jobs/load.py")
    enrich = DatabricksSubmitRunOperator(task_id="enrich", json=notebook_run)
    load >> enrich

hourly = DAG(dag_id="hourly", schedule_interval="@hourly")

BashOperator(
    task_id="compact",
    bash_command="spark-submit --master yarn --conf spark.sql.shuffle.partitions=8 jobs/compact.py --date {{ ds }}",
    dag=hourly,
)
DatabricksSubmitRunOperator(
    task_id="score",
    spark_python_task={"python_file": "dbfs:/jobs/score.py"},
    dag=hourly,
)


@dag(schedule=timedelta(minutes=30), catchup=False)
def half_hourly():
    SparkSubmitOperator(task_id="load_again", application="jobs/load.py")
    DatabricksRunNowOperator(task_id="downstream", job_name="publish")


half_hourly()

with DAG("weekly", schedule="0 3 * * 1") as weekly:
    BashOperator(task_id="echo", bash_command="echo hello")
    SparkSubmitOperator(task_id="report", application="jobs/report.py")

with DAG("manual", schedule=None) as manual:
    SparkSubmitOperator(task_id="fix", application="jobs/report.py")
