-- Databricks notebook source
-- lakelint: noqa: LL301
CREATE TABLE main.scratch.weekly (id BIGINT) USING DELTA;

-- COMMAND ----------

-- MAGIC %python
-- MAGIC # é — 日本
-- MAGIC spark.read.table("main.raw.scratch").writeTo("main.scratch.monthly").create()
