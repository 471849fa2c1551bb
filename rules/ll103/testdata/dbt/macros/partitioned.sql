{% macro partitioned(cols) %}
  {{ config(materialized='table', partition_by=['user_id']) }}
{% endmacro %}
