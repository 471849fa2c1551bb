{{ config(materialized='incremental', incremental_strategy='append', partition_by=['event_ts', 'event_date']) }} {# want: LL103 "liquid_clustered_by='event_ts'" #}
select * from {{ ref('stg_events') }}
{% if is_incremental() %}
where event_ts > (select max(event_ts) from {{ this }})
{% endif %}
