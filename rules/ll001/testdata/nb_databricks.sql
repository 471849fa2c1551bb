-- Databricks notebook source
-- Réglages — é, 日本
SET spark.sql.adaptive.enabled = false; -- noqa: LL501
SET spark.sql.adaptive.enabled = true; -- want: LL001 -- noqa: LL501

-- COMMAND ----------

-- MAGIC %md
-- MAGIC Markdown with `-- noqa` is not code.

-- COMMAND ----------

-- MAGIC %python
-- MAGIC # é — 日本: a %python cell in a SQL notebook
-- MAGIC spark.conf.set("spark.sql.adaptive.enabled", "false")  # noqa: LL501
-- MAGIC spark.conf.set("spark.sql.shuffle.partitions", "8")  # want: LL001 # noqa: LL501
