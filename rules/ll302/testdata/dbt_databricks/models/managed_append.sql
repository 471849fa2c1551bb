-- a Unity Catalog managed table tunes its files itself
{{ config(incremental_strategy='append') }}
select * from {{ source('raw', 'events') }}
