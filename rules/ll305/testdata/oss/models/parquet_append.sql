{{ config(file_format='parquet', incremental_strategy='append') }} {# want: LL305 "dbt model parquet_append appends to a parquet table on every run \(file_format 'parquet'\)" #}
select * from {{ source('raw', 'events') }}
