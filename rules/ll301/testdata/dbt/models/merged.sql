{{ config(file_format='delta', incremental_strategy='merge', unique_key='id', tblproperties={'delta.autoOptimize.optimizeWrite': 'true'}) }} {# want: LL301 "without delta.autoOptimize.autoCompact" #}
select * from {{ ref('appended') }}
