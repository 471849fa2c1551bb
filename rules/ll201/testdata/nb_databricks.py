# Databricks notebook source
# Flux des commandes — é, 日本
orders = spark.readStream.table("main.raw.orders")

# COMMAND ----------

(orders.writeStream
    .option("checkpointLocation", "/chk/orders")
    .trigger(processingTime="30 seconds")  # want: LL201
    .toTable("main.shop.orders_stream"))

# COMMAND ----------

# negatives
orders.writeStream.trigger(processingTime="10 minutes").toTable("main.shop.orders_slow")
orders.writeStream.format("kafka").trigger(processingTime="5 seconds").start()

# COMMAND ----------

# MAGIC %python
# MAGIC orders.writeStream.trigger(processingTime="45 seconds").toTable("main.shop.orders_magic")  # want: LL201
