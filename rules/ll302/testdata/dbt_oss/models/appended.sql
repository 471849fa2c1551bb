{{ config(incremental_strategy='append') }} {# want: LL302 "dbt model appended appends to its Delta table on every run .* set delta.autoOptimize.autoCompact and delta.autoOptimize.optimizeWrite in the model.s tblproperties config; the job runs every hour \(job `hourly`" #}
select * from {{ source('raw', 'events') }}
