{{ config(materialized='table', partition_by='event_date') }}
-- a date-level column: fine, and the model's own config replaces the directory's order_id
select event_date, count(*) as n from {{ ref('stg_events') }} group by 1
