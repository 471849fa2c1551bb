{{ config(materialized='view', partition_by=['event_date']) }}
select * from {{ source('raw', 'events') }}
