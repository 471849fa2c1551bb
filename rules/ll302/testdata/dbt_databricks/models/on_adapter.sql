{% if target.type == 'databricks' %}
  {{ config(incremental_strategy='append', location_root='/mnt/lake/own') }} {# want: LL302 "dbt model on_adapter appends" #}
{% else %}
  {{ config(incremental_strategy='merge') }}
{% endif %}
select * from {{ source('raw', 'events') }}
