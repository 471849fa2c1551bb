# on any platform, a session that turns optimized writes off
spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "false")
daily = spark.read.table("main.raw.daily")
daily.write.format("delta").partitionBy("event_date").saveAsTable("main.lake.daily")  # want: LL104 "set to false"
daily.repartition(16).write.format("delta").partitionBy("event_date").saveAsTable("main.lake.daily")
