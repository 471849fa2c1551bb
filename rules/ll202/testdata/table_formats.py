events = spark.readStream.format("kafka").option("subscribe", "t").load()
(events.writeStream.format("hudi").option("hoodie.table.name", "x")
    .option("checkpointLocation", "s3a://w/c2").start("s3a://w/hudi/x"))  # want: LL202
(events.writeStream.format("iceberg").trigger(availableNow=True)
    .option("checkpointLocation", "s3a://w/c").toTable("lake.db.bronze"))
