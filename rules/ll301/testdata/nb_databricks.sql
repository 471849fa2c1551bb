-- Databricks notebook source
-- Référentiel — é, 日本
CREATE TABLE main.ref.countries ( -- want: LL301
  country_code STRING,
  country_name STRING
)
USING DELTA;

-- COMMAND ----------

CREATE OR REPLACE TABLE main.ref.currencies -- want: LL301
USING DELTA
TBLPROPERTIES (
  'delta.autoOptimize.optimizeWrite' = 'true'
)
AS SELECT * FROM main.raw.currencies;

-- COMMAND ----------

-- an external table: the properties go in an ALTER after it
CREATE TABLE main.ref.rates (currency STRING, rate DOUBLE) -- want: LL301
USING DELTA
LOCATION 'abfss://ref@acct.dfs.core.windows.net/rates';

-- COMMAND ----------

-- negatives
CREATE TABLE main.ref.languages (code STRING) USING DELTA TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true', 'delta.autoOptimize.autoCompact' = 'true');
CREATE TABLE main.ref.timezones (tz STRING) USING DELTA; -- noqa: LL301
CREATE TABLE main.ref.regions_csv (code STRING) USING CSV;

-- COMMAND ----------

-- MAGIC %python
-- MAGIC # é — 日本: a %python cell in a SQL notebook
-- MAGIC from delta.tables import DeltaTable
-- MAGIC (DeltaTable.createOrReplace(spark)  # want: LL301
-- MAGIC     .tableName("main.ref.holidays")
-- MAGIC     .addColumn("day", "DATE")
-- MAGIC     .execute())
-- MAGIC spark.read.table("main.raw.holidays").writeTo("main.ref.holidays_kept").create()  # noqa: LL301
