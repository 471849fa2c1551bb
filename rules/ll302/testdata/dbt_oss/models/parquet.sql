{{ config(file_format='parquet', incremental_strategy='append') }}
select * from {{ ref('appended') }}
