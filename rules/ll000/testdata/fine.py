df = spark.read.table("main.raw.events")
df.write.format("delta").saveAsTable("main.sales.events")
