-- Databricks notebook source
-- Tables partitionnées — é, 日本
CREATE TABLE main.finance.budgets (budget_id BIGINT, fiscal_year INT)
USING DELTA
PARTITIONED BY (fiscal_year); -- want: LL304

-- COMMAND ----------

CREATE TABLE main.finance.budgets_clustered (budget_id BIGINT, fiscal_year INT) CLUSTER BY (fiscal_year);
CREATE TABLE main.finance.budgets_kept (budget_id BIGINT, fiscal_year INT) PARTITIONED BY (fiscal_year); -- noqa: LL304

-- COMMAND ----------

-- MAGIC %python
-- MAGIC # é — 日本: a %python cell in a SQL notebook
-- MAGIC spark.read.table("main.raw.budgets").writeTo("main.finance.budgets_py").partitionedBy("fiscal_year").create()  # want: LL304
