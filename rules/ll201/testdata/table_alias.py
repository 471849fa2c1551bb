"""writeStream.table(name): Databricks' alias of toTable is a table sink."""
clicks = spark.readStream.format("kafka").option("subscribe", "clicks").load()

(clicks.writeStream
    .option("checkpointLocation", "/chk/alias_a")
    .trigger(processingTime="5 seconds")  # want: LL201 "main.web.alias_a"
    .table("main.web.alias_a"))

# negatives: a slow trigger; .table on a reader is a read, not a sink
clicks.writeStream.trigger(processingTime="10 minutes").table("main.web.alias_slow")
spark.readStream.table("main.web.alias_a")
