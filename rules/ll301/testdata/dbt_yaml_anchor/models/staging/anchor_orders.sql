-- configured by an anchored block: reported, with no fix -- want: LL301 "dbt model anchor_orders"
select * from {{ source('raw', 'orders') }}
