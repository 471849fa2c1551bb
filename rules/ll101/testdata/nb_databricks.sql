-- Databricks notebook source
-- Chargement des sessions — é, 日本
SET spark.databricks.delta.optimizeWrite.enabled = true;

-- COMMAND ----------

-- résumé — 日本語
INSERT INTO main.web.sessions_daily
SELECT /*+ REPARTITION(8) */ * FROM main.raw.web_sessions; -- want: LL101

-- COMMAND ----------

-- negatives: REBALANCE works with optimized writes; a suppressed hint
INSERT INTO main.web.sessions_daily SELECT /*+ REBALANCE(session_date) */ * FROM main.raw.web_sessions;
INSERT INTO main.web.sessions_daily SELECT /*+ COALESCE(2) */ * FROM main.raw.web_sessions; -- noqa: LL101

-- COMMAND ----------

-- MAGIC %python
-- MAGIC # é — 日本: a %python cell in a SQL notebook
-- MAGIC sessions = spark.read.table("main.raw.web_sessions")
-- MAGIC sessions.coalesce(4).write.mode("append").saveAsTable("main.web.sessions_py")  # want: LL101
-- MAGIC sessions.repartition("session_date").write.saveAsTable("main.web.sessions_by_date")
-- MAGIC sessions.repartition(6).write.saveAsTable("main.web.sessions_kept")  # noqa: LL101
