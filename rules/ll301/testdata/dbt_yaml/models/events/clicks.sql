-- the tblproperties of the events block lack autoCompact: that mapping is extended -- want: LL301 "dbt model clicks makes a Delta table without delta.autoOptimize.autoCompact"
select * from {{ source('raw', 'clicks') }}
