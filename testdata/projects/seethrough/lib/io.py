"""Writers every job shares."""


def write_table(df, table, partition_cols, mode="append"):
    (df.write.format("delta")
        .mode(mode)
        .partitionBy(*partition_cols)
        .saveAsTable(table))


def write_single_file(df, path):
    # wrong whatever the caller passes: reported here, once
    df.coalesce(1).write.mode("append").parquet(path)
