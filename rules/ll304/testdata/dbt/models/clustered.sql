{{ config(liquid_clustered_by=['event_date']) }}
select * from {{ source('raw', 'events') }}
