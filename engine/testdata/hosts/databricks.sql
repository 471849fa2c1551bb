-- Databricks notebook source
VACUUM main.a.t RETAIN 12 HOURS

-- COMMAND ----------

-- MAGIC %python
-- MAGIC x = "é"; spark.conf.set("spark.sql.adaptive.enabled", "false")
