-- Databricks notebook source
-- Rien à signaler — é, 日本
SELECT count(*) FROM main.raw.events;

-- COMMAND ----------

-- MAGIC %python
-- MAGIC spark.read.table("main.raw.events").write.saveAsTable("main.web.events_fine_sql")
