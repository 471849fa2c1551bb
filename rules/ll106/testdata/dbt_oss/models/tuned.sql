-- optimized writes may be on: not reported
{{ config(incremental_strategy='append', tblproperties={'delta.autoOptimize.optimizeWrite': 'true'}) }}
select * from {{ ref('fast_append') }}
