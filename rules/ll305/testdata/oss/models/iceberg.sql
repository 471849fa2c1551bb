{{ config(file_format='iceberg', incremental_strategy='append') }}
select * from {{ source('raw', 'events') }}
