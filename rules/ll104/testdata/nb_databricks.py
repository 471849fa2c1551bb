# Databricks notebook source
# Export quotidien — é, 日本
shipments = spark.read.table("main.raw.shipments")
export_path = "/mnt/export/shipments"

# COMMAND ----------

# 日本語 — résumé
shipments.write.mode("append").partitionBy("ship_date").parquet(export_path)  # want: LL104
shipments.repartition("ship_date").write.partitionBy("ship_date").parquet(export_path)
shipments.write.partitionBy("ship_date").format("delta").save("/mnt/lake/shipments")
shipments.write.partitionBy("carrier").parquet(export_path)  # noqa: LL104

# COMMAND ----------

# MAGIC %python
# MAGIC # é — a %python cell, the chain over several lines
# MAGIC (shipments
# MAGIC     .write
# MAGIC     .partitionBy("ship_date", "carrier")  # want: LL104
# MAGIC     .orc("/mnt/export/shipments_orc"))
