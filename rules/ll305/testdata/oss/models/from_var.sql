{{ config(file_format=var('format'), incremental_strategy='append') }}
select * from {{ source('raw', 'events') }}
