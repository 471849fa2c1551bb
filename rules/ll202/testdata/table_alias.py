"""writeStream.table(name): Databricks' alias of toTable is a table sink."""
clicks = spark.readStream.format("kafka").option("subscribe", "clicks").load()

clicks.writeStream.option("checkpointLocation", "/chk/alias_b").table("main.web.alias_b")  # want: LL202 "main.web.alias_b sets no trigger"

# negatives: a trigger is set; a sink that makes no files
clicks.writeStream.trigger(availableNow=True).table("main.web.alias_quiet")
clicks.writeStream.format("console").start()
