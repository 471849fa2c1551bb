-- Databricks notebook source
-- Nettoyage — é, 日本
SET spark.databricks.delta.retentionDurationCheck.enabled = false; -- want: LL402

-- COMMAND ----------

SET spark.databricks.delta.retentionDurationCheck.enabled = true;
SET spark.databricks.delta.retentionDurationCheck.enabled = false; -- noqa: LL402

-- COMMAND ----------

-- MAGIC %python
-- MAGIC # é — 日本: a %python cell in a SQL notebook
-- MAGIC spark.conf.set("spark.databricks.delta.retentionDurationCheck.enabled", "false")  # want: LL402
