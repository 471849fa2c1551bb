# A partitioned file sink writes each micro-batch's rows as a batch write
# does: every task a file into every partition it holds.
events = spark.readStream.format("kafka").option("subscribe", "events").load()
(events.writeStream.format("parquet").partitionBy("month", "day", "hour")  # want: LL104 "with each micro-batch; add .repartition\(\"month\", \"day\", \"hour\"\) before .writeStream"
    .option("path", "gs://lake/events").option("checkpointLocation", "gs://lake/_chk/events")
    .trigger(processingTime="2 minutes").start())

# near misses: shuffled by the partition columns first, or a sink that is not files
(events.repartition("day").writeStream.format("parquet").partitionBy("day")
    .option("path", "gs://lake/by_day").option("checkpointLocation", "gs://lake/_chk/by_day")
    .trigger(processingTime="2 minutes").start())
(events.writeStream.format("kafka").option("topic", "out")
    .option("checkpointLocation", "gs://lake/_chk/out").start())
