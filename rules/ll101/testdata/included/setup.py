# Databricks notebook source
# MAGIC %run ./shared

# COMMAND ----------

spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")
