{% macro store_schema_snapshot_tables_in_cache() %}
    {% set schema_snapshots_tables_cache = elementary.get_cache("tables").get(
        "schema_snapshots"
    ) %}
    {% set schema_snapshots_table = elementary.get_elementary_test_table(
        elementary.get_elementary_test_table_name(), "schema_changes"
    ) %}
    {% if schema_snapshots_table %}
        {% do schema_snapshots_tables_cache.append(schema_snapshots_table) %}
    {% endif %}
{% endmacro %}
