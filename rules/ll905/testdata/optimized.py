spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")

# negative: optimized writes shuffle before writing
spark.read.table("main.raw.clicks").filter("x > 1").write.format("delta").saveAsTable("main.web.optimized")
