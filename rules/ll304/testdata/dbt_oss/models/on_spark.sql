-- dbt-spark has no liquid_clustered_by: nothing to suggest
{{ config(partition_by=['event_date']) }}
select * from {{ source('raw', 'events') }}
