# Databricks notebook source
# MAGIC %sql
# MAGIC CREATE TABLE main.sales.nb (id BIGINT) -- want: LL301
# MAGIC USING DELTA

# COMMAND ----------

print("done")
