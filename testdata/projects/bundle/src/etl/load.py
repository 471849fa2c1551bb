df = spark.read.table("raw.events")
df.write.saveAsTable("main.silver.events")
