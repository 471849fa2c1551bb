# Databricks notebook source
from lakehouse import get_spark

spark = get_spark()
spark.sql("CREATE TABLE IF NOT EXISTS lake.web.clicks (id BIGINT, day DATE) PARTITIONED BY (day)")
spark.sql("CREATE TABLE IF NOT EXISTS warehouse.web.clicks (id BIGINT, day DATE) PARTITIONED BY (day)")
spark.sql("CREATE TABLE IF NOT EXISTS hive_metastore.web.clicks (id BIGINT, day DATE) PARTITIONED BY (day)")

# COMMAND ----------

clicks = spark.readStream.table("main.raw.clicks")
# negative: an Iceberg table, in the catalog lakehouse.py registers as Iceberg's plugin
clicks.writeStream.option("checkpointLocation", "/chk/lake").trigger(processingTime="1 minute").toTable("lake.web.clicks")
# positive: a catalog registered as Delta's own holds Delta tables
clicks.writeStream.option("checkpointLocation", "/chk/wh").trigger(processingTime="1 minute").toTable("warehouse.web.clicks")  # want: LL302 "warehouse.web.clicks"
# positive: a catalog no file registers
clicks.writeStream.option("checkpointLocation", "/chk/hms").trigger(processingTime="1 minute").toTable("hive_metastore.web.clicks")  # want: LL302 "hive_metastore.web.clicks"
