SET spark.databricks.delta.retentionDurationCheck.enabled = false;
VACUUM main.sales RETAIN 0 HOURS;
