from datetime import timedelta

from airflow import DAG
from airflow.providers.apache.spark.operators.spark_submit import SparkSubmitOperator

with DAG("export", schedule=timedelta(minutes=30)) as export:
    SparkSubmitOperator(task_id="export", application="jobs/export.py")
