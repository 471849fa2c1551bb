from airflow import DAG
from airflow.operators.bash import BashOperator

with DAG("lake_models", schedule="*/10 * * * *") as dag:
    BashOperator(task_id="dag_append", bash_command="cd /opt/airflow/dbt_oss && dbt run --select dag_append")
