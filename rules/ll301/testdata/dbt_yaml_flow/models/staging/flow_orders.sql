-- configured in flow-style YAML: reported, with no fix -- want: LL301 "dbt model flow_orders"
select * from {{ source('raw', 'orders') }}
