from airflow import DAG
from airflow.providers.apache.spark.operators.spark_submit import SparkSubmitOperator

with DAG("feed", schedule="*/15 * * * *") as feed:
    SparkSubmitOperator(task_id="feed", application="jobs/feed.py")
