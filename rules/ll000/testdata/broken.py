df = spark.read.table("main.raw.events")
df.write.format("delta".saveAsTable("main.sales.events")  # want: LL000
df.coalesce(1).write.saveAsTable("main.sales.more")
