-- want: LL103 "partitioned in .*dbt_project.yml, line 13"
select * from {{ ref('stg_orders') }}
