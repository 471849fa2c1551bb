{{ config(materialized='table') }} {# want: LL301 "dbt model own_call" #}
-- its own config() call takes the properties, as before
select * from {{ ref('revenue') }}
