-- appended every run to a Parquet table: its small files are never compacted (LL305)
{{ config(incremental_strategy='append', file_format='parquet') }}
select * from {{ source('web', 'page_views') }}
{% if is_incremental() %}
where viewed_at > (select max(viewed_at) from {{ this }})
{% endif %}
