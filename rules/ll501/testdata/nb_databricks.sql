-- Databricks notebook source
-- Réglages — é, 日本
SET spark.sql.adaptive.enabled = false; -- want: LL501

-- COMMAND ----------

SET spark.sql.adaptive.enabled = true;
SET spark.sql.adaptive.enabled = false; -- noqa: LL501

-- COMMAND ----------

-- MAGIC %python
-- MAGIC # é — 日本: a %python cell in a SQL notebook
-- MAGIC spark.conf.set("spark.sql.adaptive.enabled", "false")  # want: LL501
