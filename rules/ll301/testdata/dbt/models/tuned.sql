{{ config(file_format='delta', tblproperties={'delta.autoOptimize.optimizeWrite': 'true', 'delta.autoOptimize.autoCompact': 'true'}) }}
select * from {{ ref('appended') }}
