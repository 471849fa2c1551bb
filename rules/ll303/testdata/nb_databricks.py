# Databricks notebook source
# Réglages de session — é, 日本
from pyspark.sql import SparkSession

# COMMAND ----------

# 日本語 — résumé
spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "false")  # want: LL303 "optimized writes"
spark.conf.set("spark.databricks.delta.autoCompact.enabled", "true")
spark.conf.set("spark.databricks.delta.autoCompact.enabled", "false")  # noqa: LL303

# COMMAND ----------

# MAGIC %sql
# MAGIC -- é 日本 — a MAGIC cell
# MAGIC SET spark.databricks.delta.autoCompact.enabled = false -- want: LL303 "auto compaction"

# COMMAND ----------

# MAGIC %sql
# MAGIC ALTER TABLE main.hr.timesheets SET TBLPROPERTIES (
# MAGIC   'delta.autoOptimize.optimizeWrite' = 'false' -- want: LL303
# MAGIC );
# MAGIC ALTER TABLE main.hr.timesheets SET TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'true')

# COMMAND ----------

# MAGIC %python
# MAGIC # é — a %python cell
# MAGIC spark = (SparkSession.builder
# MAGIC          .config("spark.databricks.delta.properties.defaults.autoOptimize.autoCompact", "false")  # want: LL303
# MAGIC          .getOrCreate())
