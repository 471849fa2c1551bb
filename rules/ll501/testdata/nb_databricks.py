# Databricks notebook source
# Réglages — é, 日本
from pyspark.sql import SparkSession

# COMMAND ----------

# 日本語 — résumé
spark.conf.set("spark.sql.adaptive.enabled", "false")  # want: LL501
spark.conf.set("spark.sql.adaptive.enabled", "true")
spark.conf.set("spark.sql.adaptive.enabled", False)  # noqa: LL501

# COMMAND ----------

# MAGIC %sql
# MAGIC -- é 日本 — a MAGIC cell
# MAGIC SET spark.sql.adaptive.enabled = false -- want: LL501

# COMMAND ----------

# MAGIC %sql
# MAGIC SET spark.sql.adaptive.enabled = true;
# MAGIC SET spark.sql.shuffle.partitions = 64

# COMMAND ----------

# MAGIC %python
# MAGIC # é — a %python cell
# MAGIC spark = (SparkSession.builder
# MAGIC          .config("spark.sql.adaptive.enabled", "false")  # want: LL501
# MAGIC          .getOrCreate())
