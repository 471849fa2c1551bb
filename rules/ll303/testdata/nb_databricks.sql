-- Databricks notebook source
-- Réglages — é, 日本
SET spark.databricks.delta.optimizeWrite.enabled = false; -- want: LL303

-- COMMAND ----------

CREATE TABLE main.hr.absences (id BIGINT) USING DELTA
TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'false'); -- want: LL303

-- COMMAND ----------

-- negatives
SET spark.databricks.delta.optimizeWrite.enabled = true;
SET spark.databricks.delta.autoCompact.enabled = false; -- noqa: LL303

-- COMMAND ----------

-- MAGIC %python
-- MAGIC # é — 日本: a %python cell in a SQL notebook
-- MAGIC spark.conf.set("spark.databricks.delta.autoCompact.enabled", False)  # want: LL303
-- MAGIC spark.conf.set("spark.databricks.delta.autoCompact.enabled", True)
