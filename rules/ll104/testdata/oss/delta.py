events = spark.read.table("raw.events")
path = "/data/lake/events"

# open-source Delta: optimized writes are off unless turned on
events.write.format("delta").partitionBy("event_date").save(path)  # want: LL104 "open-source Delta"
events.write.mode("append").partitionBy("event_date").saveAsTable("lake.events")  # want: LL104

# negatives: shuffled by the partition column or to a count, or optimized writes turned on
events.repartition(16).write.format("delta").partitionBy("event_date").save(path)
events.repartition("event_date").write.format("delta").partitionBy("event_date").save(path)
spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")
events.repartition(16).write.format("delta").partitionBy("event_date").save(path)
