# Databricks notebook source
# Chargement — é, 日本
events = spark.read.table("main.raw.events")

# COMMAND ----------

# MAGIC %sh
# MAGIC ls /dbfs/tmp | grep (

# COMMAND ----------

# MAGIC %python
# MAGIC # é — a %python cell
# MAGIC events.write.saveAsTable("main.web.events_copy"))  # want: LL000
