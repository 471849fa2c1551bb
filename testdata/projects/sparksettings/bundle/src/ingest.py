spark.sql("CREATE TABLE IF NOT EXISTS glue.sales.events (id BIGINT, day DATE) USING DELTA")
df = spark.read.table("glue.raw.events")
df.coalesce(1).write.format("delta").mode("append").saveAsTable("glue.sales.events")
