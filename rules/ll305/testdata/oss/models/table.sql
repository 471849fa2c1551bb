{{ config(materialized='table', file_format='parquet') }}
select * from {{ source('raw', 'events') }}
