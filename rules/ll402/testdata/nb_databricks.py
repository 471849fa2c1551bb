# Databricks notebook source
# Nettoyage — é, 日本
from pyspark.sql import SparkSession

# COMMAND ----------

# 日本語 — résumé
spark.conf.set("spark.databricks.delta.retentionDurationCheck.enabled", "false")  # want: LL402
spark.conf.set("spark.databricks.delta.retentionDurationCheck.enabled", "true")
spark.conf.set("spark.databricks.delta.retentionDurationCheck.enabled", False)  # noqa: LL402

# COMMAND ----------

# MAGIC %sql
# MAGIC -- é 日本 — a MAGIC cell
# MAGIC SET spark.databricks.delta.retentionDurationCheck.enabled = false -- want: LL402

# COMMAND ----------

# MAGIC %sql
# MAGIC SET spark.databricks.delta.retentionDurationCheck.enabled = true

# COMMAND ----------

# MAGIC %python
# MAGIC # é — a %python cell
# MAGIC spark = (SparkSession.builder
# MAGIC          .config("spark.databricks.delta.retentionDurationCheck.enabled", "false")  # want: LL402
# MAGIC          .getOrCreate())
