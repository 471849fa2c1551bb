spark.conf.set("spark.databricks.delta.retentionDurationCheck.enabled", "false")  # want: LL402
spark.sql("SET spark.databricks.delta.retentionDurationCheck.enabled = false")  # want: LL402
spark.conf.set("spark.databricks.delta.retentionDurationCheck.enabled", "true")
