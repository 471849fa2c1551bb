{{
    config(
        materialized="incremental",
        unique_key="id",
        on_schema_change="append_new_columns",
        indexes=elementary.get_indexes_for_model(
            "data_monitoring_metrics",
            [
                {"columns": ["full_table_name", "column_name", "metric_name"]},
            ],
        ),
        full_refresh=elementary.get_config_var("elementary_full_refresh"),
        meta={
            "timestamp_column": "created_at",
            "prev_timestamp_column": "updated_at",
        },
        partition_by=elementary.get_partition_by(column="bucket_end"),
        cluster_by=elementary.get_cluster_by(
            columns=["full_table_name", "metric_name"]
        ),
        table_type=elementary.get_default_table_type(),
        incremental_strategy=elementary.get_default_incremental_strategy(),
    )
}}

{{ elementary.empty_data_monitoring_metrics() }}
