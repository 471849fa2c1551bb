{% macro edr_multi_value_in(source_cols, target_cols, target_table) %}
    {% do return(
        adapter.dispatch("edr_multi_value_in", "elementary")(
            source_cols, target_cols, target_table
        )
    ) %}
{% endmacro %}

{%- macro default__edr_multi_value_in(source_cols, target_cols, target_table) -%}
    (
        {%- for val in source_cols -%}
            {{ val }} {%- if not loop.last %}, {% endif %}
        {%- endfor %}
    ) in (
        select
            {% for val in target_cols -%}
                {{ val }} {%- if not loop.last %}, {% endif %}
            {%- endfor %}
        from {{ target_table }}
    )
{%- endmacro -%}

{%- macro bigquery__edr_multi_value_in(source_cols, target_cols, target_table) -%}
    -- BigQuery doesn't support multi-value IN, so we emulate it with CONCAT
    concat(
        {%- for val in source_cols -%}
            {{ elementary.edr_cast_as_string(val) -}}
            {%- if not loop.last %}, {% endif %}
        {%- endfor %}
    ) in (
        select
            concat(
                {%- for val in target_cols -%}
                    {{ elementary.edr_cast_as_string(val) -}}
                    {%- if not loop.last %}, {% endif %}
                {%- endfor %}
            )
        from {{ target_table }}
    )
{%- endmacro -%}

{%- macro fabric__edr_multi_value_in(source_cols, target_cols, target_table) -%}
    {# T-SQL does not support tuple IN subqueries like (col1, col2) IN (SELECT ...).
       Use EXISTS with a correlated subquery instead. #}
    exists (
        select 1
        from {{ target_table }} as __edr_mvi
        where
            {%- for i in range(source_cols | length) %}
                __edr_mvi.{{ target_cols[i] }} = {{ source_cols[i] }}
                {%- if not loop.last %} and {% endif %}
            {%- endfor %}
    )
{%- endmacro -%}

{%- macro sqlserver__edr_multi_value_in(source_cols, target_cols, target_table) -%}
    {{-
        elementary.fabric__edr_multi_value_in(
            source_cols, target_cols, target_table
        )
    -}}
{%- endmacro -%}

{%- macro redshift__edr_multi_value_in(source_cols, target_cols, target_table) -%}
    {# Redshift doesn't support multi-column IN subqueries (tuple IN) like:
       (col1, col2) IN (SELECT col1, col2 FROM table)
       
       This limitation causes the error: "This type of IN/NOT IN query is not supported yet"
       
       To work around this, we use CONCAT to combine multiple columns into a single scalar
       value on both sides of the IN comparison, similar to the BigQuery implementation.
       This maintains the same semantics while avoiding Redshift's tuple IN limitation. #}
    concat(
        {%- for val in source_cols -%}
            {{ elementary.edr_cast_as_string(val) -}}
            {%- if not loop.last %}, {% endif %}
        {%- endfor %}
    ) in (
        select
            concat(
                {%- for val in target_cols -%}
                    {{ elementary.edr_cast_as_string(val) -}}
                    {%- if not loop.last %}, {% endif %}
                {%- endfor %}
            )
        from {{ target_table }}
    )
{%- endmacro -%}
