-- the tuned block's tblproperties have both: not reported
select * from {{ ref('stg_orders') }}
