spark.sql("CREATE TABLE IF NOT EXISTS main.sales.events (id BIGINT, day DATE) USING DELTA")
df = spark.read.table("main.raw.events")
df.coalesce(1).write.format("delta").mode("append").saveAsTable("main.sales.events")
