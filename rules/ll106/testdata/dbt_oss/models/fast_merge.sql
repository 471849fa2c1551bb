{{ config(incremental_strategy='merge', unique_key='id') }} {# want: LL106 "dbt model fast_merge merges" #}
select * from {{ ref('fast_append') }}
