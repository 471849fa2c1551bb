{{ config(file_format='delta', incremental_strategy='append') }}
select * from {{ source('raw', 'events') }}
