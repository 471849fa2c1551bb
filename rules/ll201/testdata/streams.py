"""Streams into tables and files, with triggers of every kind."""
from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
events = spark.readStream.format("kafka").option("subscribe", "events").load()
TRIGGER = "15 seconds"
SLOW = "5 minutes"
SETTINGS = {"trigger": "20 seconds", "slow": "2 hours"}

# positives: short triggers in every spelling Spark accepts
(events.writeStream.format("delta")
    .option("checkpointLocation", "/chk/a")
    .trigger(processingTime="10 seconds")  # want: LL201 "up to 8,640 commits a day \(86,400 s / 10 s\)"
    .toTable("main.web.events_a"))
events.writeStream.trigger(processingTime="500 milliseconds").toTable("main.web.events_b")  # want: LL201 "172,800 commits"
events.writeStream \
    .format("parquet") \
    .trigger(processingTime="interval 30 Seconds").start("/mnt/lake/events_c")  # want: LL201 "2,880 commits"
events.writeStream.trigger(processingTime="59 seconds").toTable("main.web.events_d")  # want: LL201
events.writeStream.trigger(processingTime=TRIGGER).toTable("main.web.events_e")  # want: LL201 "5,760 commits"
events.writeStream.trigger(processingTime=SETTINGS["trigger"]).toTable("main.web.events_f")  # want: LL201 "4,320 commits"
events.writeStream.trigger(**{"processingTime": "1 second"}).toTable("main.web.events_g")  # want: LL201
(events.writeStream
    # .trigger(processingTime="5 minutes")  a commented-out alternative
    .trigger(processingTime="0.5 seconds")  # want: LL201
    .toTable("main.web.events_h"))

# negatives: exactly the threshold, longer, held in settings, keywords
events.writeStream.trigger(processingTime="1 minute").toTable("main.web.quiet_a")
events.writeStream.trigger(processingTime="60 seconds").toTable("main.web.quiet_b")
events.writeStream.trigger(processingTime=SLOW).toTable("main.web.quiet_c")
events.writeStream.trigger(processingTime=SETTINGS["slow"]).toTable("main.web.quiet_d")
events.writeStream.trigger(availableNow=True).toTable("main.web.quiet_e")
events.writeStream.trigger(once=True).toTable("main.web.quiet_f")
(events.writeStream
    .trigger(processingTime="2 minutes")
    # .trigger(processingTime="10 seconds")  a commented-out alternative
    .toTable("main.web.quiet_g"))
# spellings Spark refuses: the query fails before it commits anything
events.writeStream.trigger(processingTime="10s").toTable("main.web.quiet_h")
events.writeStream.trigger(processingTime="10 sec").toTable("main.web.quiet_i")
# an interval not known
events.writeStream.trigger(processingTime=interval).toTable("main.web.quiet_j")

# negatives: sinks that make no files
events.writeStream.format("kafka").trigger(processingTime="1 second").option("topic", "out").start()
events.writeStream.format("console").trigger(processingTime="1 second").start()
events.writeStream.format("memory").queryName("m").trigger(processingTime="1 second").start()
# a format not known here, but only file sinks take a path
events.writeStream.format(sink_format).trigger(processingTime="2 seconds").start("/p")  # want: LL201 "on the stream into /p"
events.writeStream.foreach(lambda row: None).trigger(processingTime="1 second").start()
events.writeStream.format(sink_format).trigger(processingTime="1 second").start()
events.writeStream.trigger(processingTime="5 seconds").toTable("main.web.quiet_k")  # noqa: LL201
