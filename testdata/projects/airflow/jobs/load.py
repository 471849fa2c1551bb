df = spark.read.table("raw.events")
df.write.mode("append").saveAsTable("lake.events")
