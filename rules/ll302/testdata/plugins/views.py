# Databricks notebook source
# a job of its own, whose session this file does not build: the project
# registers lake as Iceberg's catalog (lakehouse.py), so its tables are
# Iceberg's here too
spark.sql("CREATE TABLE IF NOT EXISTS lake.web.views (id BIGINT, day DATE) PARTITIONED BY (day)")
spark.sql("CREATE TABLE IF NOT EXISTS main.web.views (id BIGINT, day DATE) PARTITIONED BY (day)")

# COMMAND ----------

views = spark.readStream.table("main.raw.views")
# negative: an Iceberg table
views.writeStream.option("checkpointLocation", "/chk/lake").trigger(processingTime="1 minute").toTable("lake.web.views")
# positive: a Unity Catalog table
views.writeStream.option("checkpointLocation", "/chk/main").trigger(processingTime="1 minute").toTable("main.web.views")  # want: LL302 "main.web.views"
