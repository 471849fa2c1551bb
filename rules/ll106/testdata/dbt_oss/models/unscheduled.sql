-- no job runs it
{{ config(incremental_strategy='append') }}
select * from {{ ref('fast_append') }}
