spark.sql("CREATE TABLE IF NOT EXISTS lake.events (id BIGINT, day DATE) USING DELTA LOCATION '/mnt/lake/events'")
df = spark.read.table("raw.events")
df.coalesce(1).write.format("delta").mode("append").saveAsTable("lake.events")
