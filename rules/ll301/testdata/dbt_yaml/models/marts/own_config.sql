{{ config(materialized='table', tblproperties={'delta.autoOptimize.optimizeWrite': 'true', 'delta.autoOptimize.autoCompact': 'true'}) }}
-- its own config() has the properties: not reported
select * from {{ ref('revenue') }}
