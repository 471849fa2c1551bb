{{ config(partition_by=['event_date']) }} {# want: LL304 "dbt model partitioned is partitioned by event_date; consider liquid_clustered_by=\['event_date'\]" #}
select * from {{ source('raw', 'events') }}
