# Databricks notebook source
# é, 日本
import dlt

# COMMAND ----------

@dlt.table(name="main.web.dlt_events", table_properties={"pipelines.autoOptimize.managed": "false"})  # want: LL302
def dlt_events():
    return spark.readStream.table("main.raw.events")

@dlt.table(table_properties={"pipelines.autoOptimize.managed": "false"})
def batch_events():
    return spark.read.table("main.raw.events")

@dlt.table
def managed_events():
    return dlt.read_stream("dlt_events")

# COMMAND ----------

orders = spark.readStream.table("main.raw.orders")
orders.writeStream.toTable("main.web.clicks")  # want: LL302
