-- configured by its schema.yml entry: the fix goes there -- want: LL301 "dbt model revenue"
select day, sum(amount) as amount from {{ ref('stg_orders') }} group by day
