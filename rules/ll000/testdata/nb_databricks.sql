-- Databricks notebook source
-- Chargement — é, 日本
SELECT * FROM main.raw.events;

-- COMMAND ----------

-- MAGIC %python
-- MAGIC # é — 日本: a %python cell in a SQL notebook
-- MAGIC if events.count() > 0  # want: LL000
-- MAGIC     events.write.saveAsTable("main.web.events_sql_nb")
