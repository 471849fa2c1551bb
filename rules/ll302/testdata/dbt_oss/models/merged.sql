{{ config(incremental_strategy='merge', unique_key='id', tblproperties={'delta.autoOptimize.optimizeWrite': 'true'}) }} {# want: LL302 "merges into its Delta table .* open-source Delta.* tblproperties config$" #}
select * from {{ ref('appended') }}
