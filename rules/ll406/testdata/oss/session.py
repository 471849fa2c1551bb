"""A session that compacts after its writes."""
spark.conf.set("spark.databricks.delta.autoCompact.enabled", "true")
events = spark.readStream.format("kafka").option("subscribe", "clicks").load()
events.writeStream.trigger(processingTime="10 seconds").start("/mnt/lake/session")
