from airflow import DAG
from airflow.providers.apache.spark.operators.spark_submit import SparkSubmitOperator

with DAG("clicks", schedule="@hourly") as clicks:
    SparkSubmitOperator(task_id="clicks", application="jobs/clicks.py")
