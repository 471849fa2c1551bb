# Databricks notebook source
# MAGIC %run ./chain

# COMMAND ----------

# positive: a notebook the included one includes in turn sets it, in SQL
df.coalesce(8).write.format("delta").mode("append").saveAsTable("main.sales.weekly")  # want: LL101 "set to true on line 2 of .*optimized.sql"
