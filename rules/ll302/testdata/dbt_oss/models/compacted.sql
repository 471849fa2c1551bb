{{ config(incremental_strategy='append', tblproperties={'delta.autoOptimize.autoCompact': 'true'}) }}
select * from {{ ref('appended') }}
