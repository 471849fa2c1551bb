"""A slower stream into /mnt/lake/clicks: the finding stays at the busiest writer."""
events = spark.readStream.format("kafka").option("subscribe", "clicks").load()
events.writeStream.format("delta").trigger(processingTime="1 minute").start("/mnt/lake/clicks")
