-- no strategy: dbt-spark appends; no config() call, so the fix sets the properties in dbt_project.yml (unsafe: every model of the block takes them) -- want: LL302 "dbt model by_default appends"
select * from {{ ref('appended') }}
