"""Streams into tables defined in tables.sql and here."""
events = spark.readStream.format("kafka").option("subscribe", "clicks").load()

# positives
(events.writeStream
    .trigger(processingTime="1 minute")
    .toTable("main.web.clicks"))  # want: LL302 "up to 1,440 commits a day \(a trigger of 1 minute\), and its definition in .*tables.sql does not turn on auto compaction"
spark.sql("CREATE TABLE IF NOT EXISTS main.web.local (id BIGINT) USING DELTA")
events.writeStream.trigger(availableNow=True).toTable("main.web.local")  # want: LL302 "one or more commits each time"
(DeltaTable.createIfNotExists(spark)
    .tableName("main.web.built")
    .addColumn("id", "BIGINT")
    .execute())
events.writeStream.toTable("main.web.built")  # want: LL302

# negatives: compaction on the table or in the session, not Delta, not defined, not files
events.writeStream.toTable("main.web.compacted")
events.writeStream.toTable("main.web.altered")
events.writeStream.toTable("main.web.parquet_clicks")
events.writeStream.toTable("main.web.nowhere")
events.writeStream.format("kafka").option("topic", "t").start()
events.writeStream.toTable("main.web.clicks")  # noqa: LL302
