events = spark.readStream.format("kafka").option("subscribe", "events").load()

# positives
(events.writeStream.format("delta")
    .trigger(continuous="1 second")  # want: LL203 "table sink of main.web.events_a"
    .toTable("main.web.events_a"))
events.writeStream.format("parquet").trigger(continuous="5 seconds").start("/mnt/lake/e")  # want: LL203 "file sink"
events.writeStream.foreachBatch(upsert).trigger(continuous="1 second").start()  # want: LL203 "foreachBatch"

# negatives: sinks continuous processing supports, and micro-batch triggers
events.writeStream.format("kafka").option("topic", "out").trigger(continuous="1 second").start()
events.writeStream.format("console").trigger(continuous="1 second").start()
events.writeStream.format("memory").queryName("m").trigger(continuous="1 second").start()
events.writeStream.foreach(print).trigger(continuous="1 second").start()
events.writeStream.format("delta").trigger(processingTime="1 second").toTable("main.web.quiet")
events.writeStream.format(sink).trigger(continuous="1 second").start("/p")
