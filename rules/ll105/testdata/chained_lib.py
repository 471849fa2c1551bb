"""Helpers that append through another helper, called in loops by chained_job.py."""


def update_table(df, table_name, write_mode):
    df.write.mode(write_mode).saveAsTable(table_name)


def add_error_entry(spark, file_path, error_text):
    entry = spark.createDataFrame([(file_path, error_text)], ["file", "err"])
    update_table(entry, "main.ops.error_log", "append")


def replace_summary(spark, rows):
    summary = spark.createDataFrame(rows, ["k", "v"])
    update_table(summary, "main.ops.summary", "overwrite")


def full_name(name):
    return f"{DATABASE}.{name}"


def add_table_log_entry(spark, table_name):
    # the log table's name is code that reads no variable: the same table on every call
    entry = spark.createDataFrame([(table_name,)], ["table"])
    entry.write.mode("append").saveAsTable(full_name("table_log"))
