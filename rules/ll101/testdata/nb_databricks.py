# Databricks notebook source
# Chargement quotidien des clics — é, 日本
spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")
clicks = spark.read.table("main.raw.web_clicks")

# COMMAND ----------

# 日本語 — résumé
clicks.repartition(16).write.format("delta").mode("append").saveAsTable("main.web.clicks_daily")  # want: LL101

# COMMAND ----------

# negatives: a repartition by a column only, and a REBALANCE hint
clicks.repartition("click_date").write.mode("append").saveAsTable("main.web.clicks_by_date")
clicks.coalesce(3).write.saveAsTable("main.web.clicks_kept")  # noqa: LL101
clicks.coalesce(5).write.saveAsTable("main.web.clicks_kept_too")  # noqa: LL101, LL102

# COMMAND ----------

# MAGIC %sql
# MAGIC -- é 日本 — a hint in a MAGIC cell
# MAGIC INSERT INTO main.web.clicks_hourly
# MAGIC SELECT /*+ COALESCE(4) */ * FROM main.raw.web_clicks -- want: LL101

# COMMAND ----------

# MAGIC %sql
# MAGIC INSERT INTO main.web.clicks_hourly SELECT /*+ REBALANCE */ * FROM main.raw.web_clicks;
# MAGIC INSERT INTO main.web.clicks_hourly SELECT /*+ REPARTITION(2) */ * FROM main.raw.web_clicks -- noqa: LL101

# COMMAND ----------

# MAGIC %python
# MAGIC # é — a %python cell, the call alone on its line
# MAGIC (clicks
# MAGIC     .coalesce(2)  # want: LL101
# MAGIC     .write
# MAGIC     .saveAsTable("main.web.clicks_magic"))
# MAGIC spark.sql("""
# MAGIC     -- é 日本 — SQL in a string in a MAGIC cell
# MAGIC     INSERT INTO main.web.clicks_magic_sql
# MAGIC     SELECT /*+ REPARTITION(12) */ * FROM main.raw.web_clicks -- want: LL101
# MAGIC """)
