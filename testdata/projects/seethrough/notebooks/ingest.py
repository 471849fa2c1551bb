# Databricks notebook source
# MAGIC %run ./Includes/setup

# COMMAND ----------

files = dbutils.fs.ls(LANDING)

# COMMAND ----------

for f in files:
    append_events(spark.read.json(f.path), "main.raw.events")

# COMMAND ----------

append_events(spark.read.json(LANDING), "main.raw.events_once")
spark.sql("VACUUM main.raw.events RETAIN 168 HOURS")
