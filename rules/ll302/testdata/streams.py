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

# a table that may already be at its location: Delta refuses a CREATE whose
# properties differ from it, and a spark.sql string or a builder cannot be
# followed by an ALTER TABLE, so these have no fix
spark.sql("CREATE TABLE IF NOT EXISTS main.web.located (id BIGINT) USING DELTA LOCATION '/mnt/web/located'")
events.writeStream.toTable("main.web.located")  # want: LL302
spark.sql("CREATE TABLE main.web.registered USING DELTA LOCATION '/mnt/web/registered'")
events.writeStream.toTable("main.web.registered")  # want: LL302
(DeltaTable.createIfNotExists(spark)
    .tableName("main.web.built_at")
    .addColumn("id", "BIGINT")
    .location("/mnt/web/built_at")
    .execute())
events.writeStream.toTable("main.web.built_at")  # want: LL302
# a CTAS needs an empty location, so it creates its table: the property goes inline
spark.sql("CREATE TABLE main.web.loaded USING DELTA LOCATION '/mnt/web/loaded' AS SELECT * FROM main.raw.events")
events.writeStream.toTable("main.web.loaded")  # want: LL302

# negatives: compaction on the table or in the session, not Delta, not defined, not files
events.writeStream.toTable("main.web.compacted")
events.writeStream.toTable("main.web.altered")
events.writeStream.toTable("main.web.parquet_clicks")
events.writeStream.toTable("main.web.nowhere")
events.writeStream.format("kafka").option("topic", "t").start()
events.writeStream.toTable("main.web.clicks")  # noqa: LL302
