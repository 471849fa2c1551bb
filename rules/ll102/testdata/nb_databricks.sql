-- Databricks notebook source
-- Rapport — é, 日本
INSERT INTO main.billing.credit_notes
SELECT /*+ REPARTITION(1) */ * FROM main.raw.credit_notes; -- want: LL102

-- COMMAND ----------

-- negatives
INSERT INTO main.billing.credit_notes SELECT /*+ REPARTITION(12) */ * FROM main.raw.credit_notes;
INSERT INTO main.billing.credit_notes SELECT /*+ COALESCE(1) */ * FROM main.raw.credit_notes; -- noqa: LL102

-- COMMAND ----------

-- MAGIC %python
-- MAGIC # é — 日本: a %python cell in a SQL notebook
-- MAGIC notes = spark.read.table("main.raw.credit_notes")
-- MAGIC notes.coalesce(1).write.mode("append").saveAsTable("main.billing.credit_notes_py")  # want: LL102
-- MAGIC notes.coalesce(1).write.format("json").save("/mnt/export/credit_notes")
