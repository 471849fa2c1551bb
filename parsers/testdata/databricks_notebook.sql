-- Databricks notebook source
CREATE TABLE main.events (id BIGINT, ts TIMESTAMP) USING DELTA;

-- COMMAND ----------

-- MAGIC %python
-- MAGIC df = spark.table("main.events")
-- MAGIC df.coalesce(1).write.mode("overwrite").saveAsTable("main.events_small")

-- COMMAND ----------

-- MAGIC %md
-- MAGIC Run `OPTIMIZE main.events` weekly, never `df.coalesce(1).write`.

-- COMMAND ----------

OPTIMIZE main.events WHERE ts > '2024-01-01';
