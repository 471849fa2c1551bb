select * from {{ source('raw', 'events') }} -- want: LL301 "dbt model ext_events"
