{{
    config(
        materialized="incremental",
        unique_key="column_state_id",
        on_schema_change="append_new_columns",
        full_refresh=elementary.get_config_var("elementary_full_refresh"),
        meta={
            "timestamp_column": "created_at",
            "prev_timestamp_column": "detected_at",
        },
        table_type=elementary.get_default_table_type(),
        incremental_strategy=elementary.get_default_incremental_strategy(),
    )
}}

{{ elementary.empty_schema_columns_snapshot() }}
