-- Databricks notebook source
-- é, 日本: a SQL notebook whose %python cell streams into its tables

CREATE TABLE main.web.sql_located (id BIGINT, ts TIMESTAMP)
USING DELTA
LOCATION 'abfss://lake@acct.dfs.core.windows.net/web/sql_located';

-- COMMAND ----------

CREATE OR REPLACE TABLE main.web.sql_replaced (id BIGINT) USING DELTA LOCATION '/mnt/web/sql_replaced';
CREATE OR REPLACE TABLE main.web.sql_reloaded USING DELTA LOCATION '/mnt/web/sql_reloaded' AS SELECT * FROM main.raw.events;
CREATE TABLE main.web.sql_managed (id BIGINT) USING DELTA;

-- COMMAND ----------

-- MAGIC %python
-- MAGIC clicks = spark.readStream.table("main.raw.clicks")
-- MAGIC clicks.writeStream.toTable("main.web.sql_located")  # want: LL302
-- MAGIC clicks.writeStream.toTable("main.web.sql_replaced")  # want: LL302
-- MAGIC clicks.writeStream.toTable("main.web.sql_reloaded")  # want: LL302
-- MAGIC clicks.writeStream.toTable("main.web.sql_managed")  # want: LL302
