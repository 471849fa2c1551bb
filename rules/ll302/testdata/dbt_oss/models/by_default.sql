-- no strategy: dbt-spark appends; no config() call, so no fix -- want: LL302 "dbt model by_default appends"
select * from {{ ref('appended') }}
