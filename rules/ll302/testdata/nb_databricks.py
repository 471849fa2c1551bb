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

# COMMAND ----------

# MAGIC %sql
# MAGIC -- é — tables at a location, in a MAGIC cell: the property goes in an ALTER
# MAGIC CREATE TABLE main.web.nb_located (id BIGINT) USING DELTA LOCATION '/mnt/web/nb_located'; -- a comment stays with its statement
# MAGIC -- one without a location keeps the property inline
# MAGIC CREATE TABLE main.web.nb_managed (id BIGINT) USING DELTA;

# COMMAND ----------

# MAGIC %sql
# MAGIC -- the cell's last statement, with no ';': the fix ends it
# MAGIC CREATE TABLE IF NOT EXISTS main.web.nb_maybe (id BIGINT)
# MAGIC USING DELTA
# MAGIC LOCATION '/mnt/web/nb_maybe'

# COMMAND ----------

orders.writeStream.toTable("main.web.nb_located")  # want: LL302
orders.writeStream.toTable("main.web.nb_maybe")  # want: LL302
orders.writeStream.toTable("main.web.nb_managed")  # want: LL302
