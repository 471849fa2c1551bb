{{ config(incremental_strategy='append') }} {# want: LL106 "dbt model dag_append appends .* every 10 minutes \(DAG `lake_models`" #}
select * from {{ ref('fast_append') }}
