{{ config(incremental_strategy='insert_overwrite', partition_by=['dt']) }}
select * from {{ ref('appended') }}
