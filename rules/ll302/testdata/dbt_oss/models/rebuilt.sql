{{ config(materialized='table') }}
select * from {{ ref('appended') }}
