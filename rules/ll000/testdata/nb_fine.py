# Databricks notebook source
# Rien à signaler — é, 日本
events = spark.read.table("main.raw.events")

# COMMAND ----------

# MAGIC %sql
# MAGIC SELECT count(*) FROM main.raw.events

# COMMAND ----------

# MAGIC %scala
# MAGIC val n = spark.table("main.raw.events").count()

# COMMAND ----------

# MAGIC %python
# MAGIC events.write.mode("append").saveAsTable("main.web.events_fine")
