{{ config(file_format='csv') }} {# want: LL305 "dbt model csv appends to a csv table" #}
select * from {{ source('raw', 'events') }}
