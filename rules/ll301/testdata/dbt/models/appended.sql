{{ config(file_format='delta', incremental_strategy='append') }} {# want: LL301 "dbt model appended makes a Delta table without" #}
select * from {{ source('raw', 'events') }}
