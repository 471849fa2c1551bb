select * from {{ source('raw', 'events') }} -- want: LL304 "dbt model from_yaml \(partitioned in .*dbt_project.yml, line 6\)"
