# The session turns optimized writes on and auto compaction off.
spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")
spark.conf.set("spark.databricks.delta.autoCompact.enabled", "false")  # want: LL303 "optimized writes still shuffle"
