{{ config(materialized='view', partition_by=['user_id']) }}
-- a view: no files, whatever it says of partitions
select * from {{ ref('stg_events') }}
