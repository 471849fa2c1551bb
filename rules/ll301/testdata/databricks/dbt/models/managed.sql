-- a managed table on Databricks: Unity Catalog tunes its files itself
select * from {{ source('raw', 'events') }}
