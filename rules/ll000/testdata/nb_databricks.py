# Databricks notebook source
# MAGIC %md
# MAGIC Chargement — prose with `broken(` code is never parsed.

# COMMAND ----------

# Chargement — é, 日本
events = spark.read.table("main.raw.events")

# COMMAND ----------

# 日本語 — résumé
label = "é — 日本"; total = = events.count()  # want: LL000
