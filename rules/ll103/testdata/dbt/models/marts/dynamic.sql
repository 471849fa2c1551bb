{{ config(materialized='table', partition_by=var('partition_cols')) }}
-- not a literal: nothing is known of the columns
select * from {{ ref('stg_events') }}
