# Databricks notebook source
# MAGIC %run ./Includes/setup

# COMMAND ----------

# the notebook's own spark, and a session made by the included notebook's helper
spark.sql("VACUUM main.web.a RETAIN 0 HOURS")  # want: LL401 "retains 0 hours"
session = get_session()
session.sql("VACUUM main.web.b RETAIN 0 HOURS")  # want: LL401 "retains 0 hours"

# COMMAND ----------

spark.sql("VACUUM main.web.a RETAIN 168 HOURS")
