# Databricks notebook source
# Événements web — é, 日本
views = spark.read.table("main.raw.page_views")

# COMMAND ----------

# 日本語 — résumé
views.write.partitionBy("visitor_id").saveAsTable("main.web.page_views_by_visitor")  # want: LL103 "visitor_id"
views.write.partitionBy("view_date").saveAsTable("main.web.page_views_by_day")
views.write.partitionBy("session_id").saveAsTable("main.web.page_views_kept")  # noqa: LL103

# COMMAND ----------

# MAGIC %sql
# MAGIC -- é 日本 — a MAGIC cell
# MAGIC CREATE TABLE main.web.page_views_sql (view_id BIGINT, visitor_id STRING, view_date DATE)
# MAGIC PARTITIONED BY (view_id) -- want: LL103 "view_id"

# COMMAND ----------

# MAGIC %sql
# MAGIC CREATE TABLE main.web.page_views_sql_daily (view_id BIGINT, view_date DATE) PARTITIONED BY (view_date)

# COMMAND ----------

# MAGIC %python
# MAGIC # é — a %python cell
# MAGIC views.writeTo("main.web.page_views_magic").partitionedBy("created_at").create()  # want: LL103
