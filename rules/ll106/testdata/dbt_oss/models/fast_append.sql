{{ config(incremental_strategy='append') }} {# want: LL106 "dbt model fast_append appends to its Delta table .* and the job runs every 5 minutes \(job `fast`" #}
select * from {{ source('raw', 'events') }}
