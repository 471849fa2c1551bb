{{ config(file_format='parquet', partition_by=['event_date']) }}
select * from {{ source('raw', 'events') }}
