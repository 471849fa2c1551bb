# Databricks notebook source
# Tables de travail — é, 日本
spark.read.table("main.raw.scratch").writeTo("main.scratch.daily").create()

# COMMAND ----------

# MAGIC %sql
# MAGIC -- lakelint: noqa: LL301
# MAGIC CREATE TABLE main.scratch.hourly (id BIGINT) USING DELTA
