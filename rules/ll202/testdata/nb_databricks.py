# Databricks notebook source
# Flux — é, 日本
orders = spark.readStream.table("main.raw.orders")

# COMMAND ----------

(orders.writeStream
    .option("checkpointLocation", "/chk/orders")
    .toTable("main.shop.orders_stream"))  # want: LL202

# COMMAND ----------

orders.writeStream.trigger(availableNow=True).toTable("main.shop.orders_batch")

# COMMAND ----------

# MAGIC %python
# MAGIC orders.writeStream.toTable("main.shop.orders_magic")  # want: LL202
