# Databricks notebook source
# MAGIC %md
# MAGIC VACUUM main.a.md RETAIN 1 HOURS is only mentioned here

# COMMAND ----------

# MAGIC %sql
# MAGIC -- é
# MAGIC VACUUM main.a.t RETAIN 12 HOURS

# COMMAND ----------

x = "日本"; spark.conf.set("spark.sql.adaptive.enabled", "false")
