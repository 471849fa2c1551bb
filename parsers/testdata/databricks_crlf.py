# Databricks notebook source
# café — 日本: daily sales load
from pyspark.sql import functions as F

df = spark.read.table("raw.sales")

# COMMAND ----------

# MAGIC %md
# MAGIC ## Write
# MAGIC Avoid `df.coalesce(1).write` here: it makes one huge task.

# COMMAND ----------

# MAGIC %sql
# MAGIC CREATE TABLE IF NOT EXISTS main.sales (id INT, day DATE)
# MAGIC
# MAGIC PARTITIONED BY (day)

# COMMAND ----------

df.repartition(1).write.format("delta").mode("append").saveAsTable("main.sales")

# COMMAND ----------

# MAGIC %python
# MAGIC spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "false")

# COMMAND ----------

# MAGIC %scala
# MAGIC val sales = spark.table("main.sales")
# MAGIC sales.coalesce(1).write.saveAsTable("main.copy")

# COMMAND ----------

# MAGIC %sql VACUUM main.sales RETAIN 1 HOURS
