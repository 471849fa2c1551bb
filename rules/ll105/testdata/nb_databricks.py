# Databricks notebook source
# Ingestion notebook — é, 日本
files = dbutils.fs.ls("/landing/events")

# COMMAND ----------

for f in files:  # want: LL105 "main.raw.nb_events"
    spark.read.json(f.path).write.mode("append").saveAsTable("main.raw.nb_events")

# COMMAND ----------

for t in ["a", "b"]:
    spark.read.table(f"main.raw.{t}").write.mode("append").saveAsTable(f"main.bronze.{t}")
spark.read.json("/landing/events").write.mode("append").saveAsTable("main.raw.nb_once")
