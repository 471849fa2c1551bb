# Databricks notebook source
# é, 日本
orders = spark.readStream.table("main.raw.orders")

# COMMAND ----------

orders.writeStream.trigger(continuous="2 seconds").toTable("main.shop.orders_cont")  # want: LL203

# COMMAND ----------

orders.writeStream.format("kafka").trigger(continuous="2 seconds").start()
