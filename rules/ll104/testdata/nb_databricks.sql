-- Databricks notebook source
-- Retours — é, 日本
CREATE TABLE main.logistics.returns (return_id BIGINT, return_date DATE) USING DELTA;

-- COMMAND ----------

-- MAGIC %python
-- MAGIC # é — 日本: a %python cell in a SQL notebook
-- MAGIC returns = spark.read.table("main.logistics.returns")
-- MAGIC returns.write.partitionBy("return_date").format("parquet").save("/mnt/export/returns")  # want: LL104
-- MAGIC returns.repartition("return_date").write.partitionBy("return_date").format("parquet").save("/mnt/export/returns_ok")
