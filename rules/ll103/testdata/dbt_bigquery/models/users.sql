-- BigQuery SQL: not read as Spark SQL, whatever it partitions by
{{ config(partition_by=['user_id']) }}
select * from {{ source('raw', 'users') }}
