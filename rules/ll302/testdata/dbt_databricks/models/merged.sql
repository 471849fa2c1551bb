-- dbt-databricks merges by default, and on Databricks MERGE always compacts
{{ config(unique_key='id') }}
select * from {{ source('raw', 'events') }}
