-- the same block: one edit of it fixes both models -- want: LL301 "dbt model stg_customers"
select * from {{ source('raw', 'customers') }}
