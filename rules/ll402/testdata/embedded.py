# Des requêtes SQL dans des chaînes Python — é, 日本
KEY = "spark.databricks.delta.retentionDurationCheck.enabled"
OFF = "false"

spark.sql("SET spark.databricks.delta.retentionDurationCheck.enabled = false")  # want: LL402
spark.sql("""
    -- é — 日本
    SET spark.databricks.delta.retentionDurationCheck.enabled = false -- want: LL402
""")
spark.sql(r"SET spark.databricks.delta.retentionDurationCheck.enabled=false")  # want: LL402
spark.sql("SET spark.databricks.delta.retentionDurationCheck.enabled "  # want: LL402
          "= false")
spark.sql(f"SET {KEY} = false")  # want: LL402
spark.sql("SET {} = {}".format(KEY, OFF))  # want: LL402
spark.sql("SET %s = false" % KEY)  # want: LL402
spark.sql("SELECT 'é\t日本'; SET spark.databricks.delta.retentionDurationCheck.enabled = false")  # want: LL402

# negatives
spark.sql("SET spark.databricks.delta.retentionDurationCheck.enabled = true")
spark.sql("SET spark.databricks.delta.retentionDurationCheck.enabled = false")  # noqa: LL402
