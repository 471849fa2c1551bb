spark.sql("CREATE TABLE IF NOT EXISTS nessie.sales.orders (id BIGINT, day DATE) USING DELTA")
df = spark.read.table("nessie.raw.orders")
df.repartition(8).write.format("delta").mode("append").saveAsTable("nessie.sales.orders")
