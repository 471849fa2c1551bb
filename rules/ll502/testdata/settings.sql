SET spark.sql.adaptive.enable = true; -- want: LL502 "spark.sql.adaptive.enabled"
SET spark.sql.adaptive.enabled = true;
SET spark.databricks.delta.retentionDurationCheck.enabled = false;
