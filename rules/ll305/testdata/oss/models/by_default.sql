-- neither format nor strategy: dbt-spark appends to Parquet -- want: LL305 "no file_format: dbt-spark's default, parquet"
select * from {{ source('raw', 'events') }}
