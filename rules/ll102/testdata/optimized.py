# With optimized writes on, a Delta write shuffles again before writing:
# LL101 reports the coalesce, not LL102.
df = spark.read.table("main.raw.events")
df.coalesce(1).write.format("delta").mode("append").saveAsTable("main.lake.events_before")  # want: LL102

spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")
df.coalesce(1).write.format("delta").mode("append").saveAsTable("main.lake.events_after")
df.repartition(1).write.format("delta").mode("overwrite").save("/mnt/lake/events_after")
# not Delta: optimized writes do not apply
df.coalesce(1).write.format("parquet").mode("append").saveAsTable("main.lake.events_parquet")  # want: LL102
