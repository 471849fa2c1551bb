"""Helpers that append through another helper, called in loops by chained_job.py."""


def update_table(df, table_name, write_mode):
    df.write.mode(write_mode).saveAsTable(table_name)


def add_error_entry(spark, file_path, error_text):
    entry = spark.createDataFrame([(file_path, error_text)], ["file", "err"])
    update_table(entry, "main.ops.error_log", "append")


def replace_summary(spark, rows):
    summary = spark.createDataFrame(rows, ["k", "v"])
    update_table(summary, "main.ops.summary", "overwrite")
