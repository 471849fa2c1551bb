events = spark.read.table("raw.events")
path = "/data/lake/events"

# open-source Delta: optimized writes are off unless turned on
events.write.format("delta").partitionBy("event_date").save(path)  # want: LL104 "open-source Delta"
events.write.mode("append").partitionBy("event_date").saveAsTable("lake.events")  # want: LL104
events.write.format("delta").option("optimizeWrite", "false").partitionBy("event_date").save(path)  # want: LL104 "optimizeWrite"

# the write turns optimized writes on itself: a writer option, or the table
# property given as one
events.write.format("delta").option("optimizeWrite", "true").partitionBy("event_date").save(path)
events.write.format("delta").option("delta.autoOptimize.optimizeWrite", "true").partitionBy("event_date", "country").mode("append").save(path)
events.write.format("delta").partitionBy("event_date").options(**{"delta.autoOptimize.optimizeWrite": "true"}).save(path)

# negatives: shuffled by the partition column or to a count, or optimized writes turned on
events.repartition(16).write.format("delta").partitionBy("event_date").save(path)
events.repartition("event_date").write.format("delta").partitionBy("event_date").save(path)
spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")
events.repartition(16).write.format("delta").partitionBy("event_date").save(path)
