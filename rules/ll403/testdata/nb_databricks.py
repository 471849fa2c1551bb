# Databricks notebook source
# Compactage — é, 日本
from delta.tables import DeltaTable

# COMMAND ----------

# MAGIC %sql
# MAGIC CREATE TABLE IF NOT EXISTS main.web.visits (visit_id BIGINT, visitor_id STRING, visit_date DATE)
# MAGIC USING DELTA PARTITIONED BY (visit_date)

# COMMAND ----------

# MAGIC %sql
# MAGIC -- é 日本 — a MAGIC cell
# MAGIC OPTIMIZE main.web.visits WHERE visitor_id = 'abc' -- want: LL403 "visitor_id"

# COMMAND ----------

# MAGIC %sql
# MAGIC OPTIMIZE main.web.visits WHERE visit_date >= current_date() - INTERVAL 1 DAY;
# MAGIC OPTIMIZE main.web.visits WHERE visit_id > 100 -- noqa: LL403

# COMMAND ----------

# 日本語 — résumé
DeltaTable.forName(spark, "main.web.visits").optimize().where("visit_id = 7").executeCompaction()  # want: LL403 "visit_id"
DeltaTable.forName(spark, "main.web.visits").optimize().where("visit_date = '2024-06-01'").executeCompaction()

# COMMAND ----------

# MAGIC %python
# MAGIC # é — a %python cell
# MAGIC DeltaTable.forName(spark, "main.web.visits").optimize().where("visitor_id = 'x'").executeZOrderBy("visit_id")  # want: LL403
