{% if var('full_refresh_daily', false) %}
  {{ config(incremental_strategy='merge', unique_key='id') }}
{% else %}
  {{ config(incremental_strategy='insert_overwrite') }}
{% endif %}
-- the branches disagree: the strategy is not known
select * from {{ ref('appended') }}
