# Databricks notebook source
# negative: written before the %run that turns optimized writes on
df.repartition(32).write.format("delta").mode("append").saveAsTable("main.sales.early")

# COMMAND ----------

# MAGIC %run ./setup

# COMMAND ----------

# positive: the included notebook turned optimized writes on for this session
df.repartition(32).write.format("delta").mode("append").saveAsTable("main.sales.daily")  # want: LL101 "set to true on line 6 of .*setup.py"
