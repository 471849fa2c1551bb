# Databricks notebook source
# SQL in a spark.sql string inside a %python MAGIC cell — é, 日本.
# A line the fix adds must carry the "# MAGIC " prefix like its neighbours.
x = 1

# COMMAND ----------

# MAGIC %python
# MAGIC spark.sql("""
# MAGIC     CREATE TABLE main.crm.magic_accounts ( -- want: LL301
# MAGIC       id BIGINT
# MAGIC     )
# MAGIC     USING DELTA
# MAGIC """)
