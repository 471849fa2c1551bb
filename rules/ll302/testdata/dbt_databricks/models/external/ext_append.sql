{{ config(incremental_strategy='append') }} {# want: LL302 "dbt model ext_append appends" #}
select * from {{ source('raw', 'events') }}
