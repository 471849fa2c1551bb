# A table registered at its location keeps the layout its writer gave it:
# the registration says nothing of its partitions.
LOGS = "/mnt/lake/bronze/logs"
METRICS = "/mnt/lake/bronze/metrics"

spark.sql(f"CREATE TABLE IF NOT EXISTS bronze_logs USING DELTA LOCATION '{LOGS}'")
logs.write.format("delta").mode("append").partitionBy("log_date").save(LOGS)
spark.sql(f"OPTIMIZE delta.`{LOGS}` WHERE log_date = '2024-01-01'")
spark.sql(f"OPTIMIZE delta.`{LOGS}` WHERE service = 'api'")  # want: LL403 "`service`"

# registered, and written without partitions: what the table has is not known
spark.sql(f"CREATE TABLE IF NOT EXISTS bronze_metrics USING DELTA LOCATION '{METRICS}'")
metrics.write.format("delta").mode("append").save(METRICS)
spark.sql(f"OPTIMIZE delta.`{METRICS}` WHERE metric_date = '2024-01-01'")
