# café — 日本
df = spark.read.table("raw.sales")
df.coalesce(1).write.saveAsTable("main.sales")
