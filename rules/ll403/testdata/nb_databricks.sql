-- Databricks notebook source
-- Compactage — é, 日本
CREATE TABLE main.iot.telemetry (device_id STRING, reading DOUBLE, reading_date DATE)
USING DELTA PARTITIONED BY (reading_date);

-- COMMAND ----------

-- résumé — 日本
OPTIMIZE main.iot.telemetry WHERE device_id = 'sensor-7'; -- want: LL403

-- COMMAND ----------

OPTIMIZE main.iot.telemetry WHERE reading_date = '2024-06-01';
OPTIMIZE main.iot.telemetry WHERE reading > 10; -- noqa: LL403

-- COMMAND ----------

-- MAGIC %python
-- MAGIC # é — 日本: a %python cell in a SQL notebook
-- MAGIC from delta.tables import DeltaTable
-- MAGIC DeltaTable.forName(spark, "main.iot.telemetry").optimize().where("reading > 0").executeCompaction()  # want: LL403
