-- Databricks notebook source
-- Z-order — é, 日本
CREATE TABLE main.iot.alerts (alert_id BIGINT, device_id STRING, alert_date DATE)
USING DELTA PARTITIONED BY (alert_date);

-- COMMAND ----------

-- résumé — 日本
OPTIMIZE main.iot.alerts ZORDER BY (alert_date); -- want: LL404

-- COMMAND ----------

OPTIMIZE main.iot.alerts ZORDER BY (device_id);
OPTIMIZE main.iot.alerts ZORDER BY (alert_date, device_id); -- noqa: LL404

-- COMMAND ----------

-- MAGIC %python
-- MAGIC # é — 日本: a %python cell in a SQL notebook
-- MAGIC from delta.tables import DeltaTable
-- MAGIC DeltaTable.forName(spark, "main.iot.alerts").optimize().executeZOrderBy("device_id", "alert_date")  # want: LL404
