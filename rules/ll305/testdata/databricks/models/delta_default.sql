-- Delta is Databricks' default format
select * from {{ source('raw', 'events') }}
