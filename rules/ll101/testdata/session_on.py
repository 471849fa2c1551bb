from pyspark.sql import SparkSession, Window
from pyspark.sql import functions as F

spark = SparkSession.builder.getOrCreate()
spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")

events = spark.read.table("main.raw.events")
TARGET = "main.sales.events"
n = 8

# a repartition assigned first, written later
out = events.repartition(8)  # want: LL101 "fights optimized writes"
out.write.format("delta").mode("append").saveAsTable(TARGET)

# coalesce in the chain itself, partition count from a constant
events.coalesce(n).write.mode("append").saveAsTable("main.sales.events_copy")  # want: LL101

# reassignment of the same name, with narrow transforms after the shuffle
daily = events.filter(F.col("ok"))
daily = daily.repartition(16, "event_date")  # want: LL101
daily = daily.select("id", "event_date")
daily.write.format("delta").partitionBy("event_date").save("/mnt/lake/daily")

# multi-line chain: the call alone on its line
(
    events
    .repartition(4)  # want: LL101
    .write
    .format("delta")
    .mode("overwrite")
    .saveAsTable("main.sales.snapshot")
)

# --- negatives ---

# repartition by columns only works with optimized writes
events.repartition("event_date").write.saveAsTable("main.sales.by_date")

# the repartition feeds a join, not the write
joined = events.repartition(8).join(spark.read.table("main.dim.users"), "user_id")
joined.write.saveAsTable("main.sales.joined")

# the repartition feeds a cache
cached = events.repartition(8).cache()
cached.write.saveAsTable("main.sales.cached")

# not Delta
events.repartition(8).write.parquet("/mnt/export/events")

# look-alikes: window spec and column function
w = Window.partitionBy("user_id").orderBy("ts")
events.select(F.coalesce("a", "b").alias("c")).write.saveAsTable("main.sales.c")

# suppressed on purpose
events.coalesce(2).write.saveAsTable("main.sales.small")  # noqa: LL101
