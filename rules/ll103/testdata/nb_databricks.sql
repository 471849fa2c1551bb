-- Databricks notebook source
-- Appareils — é, 日本
CREATE TABLE main.iot.device_readings (device_id STRING, reading_ts TIMESTAMP, reading_date DATE)
USING DELTA
PARTITIONED BY (device_id); -- want: LL103 "device_id"

-- COMMAND ----------

CREATE TABLE main.iot.device_daily (device_id STRING, reading_date DATE) USING DELTA PARTITIONED BY (reading_date);

-- COMMAND ----------

-- MAGIC %python
-- MAGIC # é — 日本: a %python cell in a SQL notebook
-- MAGIC readings = spark.read.table("main.iot.device_readings")
-- MAGIC readings.write.partitionBy("reading_ts").parquet("/mnt/lake/device_readings")  # want: LL103 "reading_ts"
-- MAGIC readings.write.partitionBy("reading_date").parquet("/mnt/lake/device_daily")
