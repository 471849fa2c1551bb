spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "false")  # want: LL303
spark.conf.set("spark.databricks.delta.autoCompact.enabled", False)  # want: LL303
spark.sql("SET spark.databricks.delta.properties.defaults.autoOptimize.optimizeWrite = false")  # want: LL303

spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")
spark.conf.set("spark.databricks.delta.autoCompact.enabled", "auto")
