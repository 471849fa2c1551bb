spark.sql("CREATE TABLE IF NOT EXISTS lake.plain_events (id BIGINT, day DATE) USING DELTA LOCATION '/mnt/lake.plain_events'")
df = spark.read.table("raw.events")
df.coalesce(1).write.format("delta").mode("append").saveAsTable("lake.plain_events")
