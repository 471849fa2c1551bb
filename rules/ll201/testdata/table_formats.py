# Iceberg and Hudi sinks write files with each micro-batch as Delta's do,
# and nothing compacts them as they stream.
events = spark.readStream.format("kafka").option("subscribe", "t").load()
(events.writeStream.format("iceberg").trigger(processingTime="10 seconds")  # want: LL201 "10 seconds"
    .option("checkpointLocation", "s3a://w/c").toTable("lake.db.bronze"))
(events.writeStream.format("hudi").trigger(processingTime="10 seconds").option("hoodie.table.name", "x")  # want: LL201
    .option("checkpointLocation", "s3a://w/c2").start("s3a://w/hudi/x"))

# near misses: a sink that writes no files, and an interval long enough
(events.writeStream.format("kafka").trigger(processingTime="10 seconds")
    .option("topic", "out").option("checkpointLocation", "s3a://w/c3").start())
(events.writeStream.format("iceberg").trigger(processingTime="15 minutes")
    .option("checkpointLocation", "s3a://w/c4").toTable("lake.db.slow"))
