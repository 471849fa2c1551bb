-- no file_format: dbt-spark's default on open-source Spark is Parquet
select * from {{ ref('appended') }}
