-- Databricks notebook source
-- Maintenance — é, 日本
VACUUM main.web.carts RETAIN 0 HOURS; -- want: LL401

-- COMMAND ----------

-- negatives
VACUUM main.web.carts;
VACUUM main.web.carts RETAIN 500 HOURS DRY RUN;
VACUUM main.web.carts RETAIN 1 HOURS; -- noqa: LL401
VACUUM main.web.carts RETAIN 2 HOURS; -- noqa

-- COMMAND ----------

-- MAGIC %python
-- MAGIC # é — 日本: a %python cell in a SQL notebook
-- MAGIC from delta.tables import DeltaTable
-- MAGIC DeltaTable.forName(spark, "main.web.carts").vacuum(100)  # want: LL401
-- MAGIC DeltaTable.forName(spark, "main.web.carts").vacuum(50)  # noqa: LL401
-- MAGIC spark.sql("VACUUM main.web.carts RETAIN 10 HOURS")  # want: LL401
-- MAGIC spark.sql("""
-- MAGIC     -- é 日本 — SQL in a string in a MAGIC cell
-- MAGIC     VACUUM main.web.carts
-- MAGIC     RETAIN 30 HOURS -- want: LL401
-- MAGIC """)
