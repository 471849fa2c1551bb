"""Streams into tables and files with and without triggers."""
events = spark.readStream.format("cloudFiles").option("cloudFiles.format", "json").load("/landing/events")

# positives: no trigger at all
(events.writeStream.format("delta")
    .option("checkpointLocation", "/chk/a")
    .toTable("main.web.events_a"))  # want: LL202 "main.web.events_a sets no trigger"
events.writeStream.toTable("main.web.events_b", checkpointLocation="/chk/b")  # want: LL202
events.writeStream \
    .format("parquet") \
    .option("checkpointLocation", "/chk/c") \
    .start("/mnt/lake/events_c")  # want: LL202
writer = events.writeStream.format("delta").option("checkpointLocation", "/chk/d")
query = writer.start("/mnt/lake/events_d")  # want: LL202
# a format not known here, but only file sinks take a path and table sinks write a table
events.writeStream.format(sink).start("/p")  # want: LL202
events.writeStream.format(sink).toTable("main.web.events_e")  # want: LL202

# negatives: a trigger of any kind, sinks that make no files
events.writeStream.trigger(availableNow=True).toTable("main.web.quiet_a")
events.writeStream.trigger(processingTime="10 minutes").toTable("main.web.quiet_b")
events.writeStream.trigger(processingTime=interval).toTable("main.web.quiet_c")
events.writeStream.format("kafka").option("topic", "out").start()
events.writeStream.format("console").start()
events.writeStream.format("memory").queryName("m").start()
events.writeStream.foreach(print).start()
events.writeStream.format(sink).start()
events.writeStream.format(sink).option("topic", "t").start()
events.writeStream.toTable("main.web.quiet_d")  # noqa: LL202
configured = events.writeStream.format("delta")
configured.trigger(processingTime="5 minutes")
configured.start("/mnt/lake/quiet_e")
