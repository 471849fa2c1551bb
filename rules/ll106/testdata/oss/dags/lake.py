from datetime import timedelta

from airflow import DAG
from airflow.providers.apache.spark.operators.spark_submit import SparkSubmitOperator

with DAG("ingest", schedule="*/5 * * * *", catchup=False) as ingest:
    SparkSubmitOperator(task_id="events", application="jobs/events.py")
    SparkSubmitOperator(task_id="tuned", application="jobs/tuned.py")
    SparkSubmitOperator(task_id="snapshot", application="jobs/snapshot.py")

with DAG("hourly", schedule_interval="@hourly") as hourly:
    SparkSubmitOperator(task_id="rollup", application="jobs/rollup.py")

with DAG("fast_merge", schedule=timedelta(minutes=2)) as fast:
    SparkSubmitOperator(task_id="merge", application="jobs/merge.py")
