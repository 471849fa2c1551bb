# Databricks notebook source
# é, 日本
orders = spark.readStream.table("main.sales.orders")  # want: LL204

# COMMAND ----------

quiet = spark.readStream.option("skipChangeCommits", "true").table("main.sales.orders")

# COMMAND ----------

# MAGIC %python
# MAGIC magic = (spark.readStream
# MAGIC     .table("main.sales.refunds"))  # want: LL204
