{% macro create_stage(relation) %}
  create table {{ relation }} (id int) using delta
{% endmacro %}
