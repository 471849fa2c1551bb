{{ config(file_format='parquet', incremental_strategy='insert_overwrite', partition_by=['dt']) }}
select * from {{ source('raw', 'events') }}
