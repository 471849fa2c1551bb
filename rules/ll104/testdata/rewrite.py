"""Rewrites of a table from its own read, and ways through the code that only add narrow steps."""
from pyspark.sql import functions as F

spark.sql("CREATE TABLE lake.events (id BIGINT, event_date DATE, country STRING) USING PARQUET PARTITIONED BY (event_date)")


def migrate(spark, table_path, changed, keep):
    # a schema migration: every file read holds one dataset's rows, so the
    # rewrite writes no more files than it read
    df = spark.read.format("parquet").load(table_path)
    for name, new_type in changed:
        df = df.withColumn(name, F.col(name).cast(new_type))
    if keep:
        df = df.select(keep)
    df.write.format("parquet").mode("overwrite").partitionBy("dataset").save(table_path)


def repartition_table(spark):
    # the table is partitioned by event_date; rewritten by country, each
    # task writes a file into every country it holds
    df = spark.read.table("lake.events")
    df.write.format("parquet").mode("overwrite").partitionBy("country").saveAsTable("lake.events")  # want: LL104 "without a shuffle by country"


def copy_elsewhere(spark, table_path, out_path):
    df = spark.read.format("parquet").load(table_path)
    df.write.format("parquet").mode("overwrite").partitionBy("dataset").save(out_path)  # want: LL104


def shuffled_then_branch(spark, flag):
    df = spark.read.table("raw.clicks").repartition("event_date")
    if flag:
        df = df.withColumn("day", F.dayofmonth("event_date"))
    df.write.mode("append").partitionBy("event_date").parquet("/lake/clicks")


def joined_in_a_branch(spark, flag, dims):
    df = spark.read.table("raw.clicks").repartition("event_date")
    if flag:
        df = df.join(dims, "id")
    df.write.mode("append").partitionBy("event_date").parquet("/lake/joined")  # want: LL104
