-- hourly: less often than min-batch-interval
{{ config(incremental_strategy='append') }}
select * from {{ ref('fast_append') }}
