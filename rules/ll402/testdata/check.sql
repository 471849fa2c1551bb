SET spark.databricks.delta.retentionDurationCheck.enabled=false; -- want: LL402
