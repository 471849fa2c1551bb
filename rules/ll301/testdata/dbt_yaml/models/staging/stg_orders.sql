-- no config(): its settings are those of the staging block -- want: LL301 "dbt model stg_orders makes a Delta table without delta.autoOptimize.optimizeWrite, delta.autoOptimize.autoCompact"
select * from {{ source('raw', 'orders') }}
