# Databricks notebook source
# MAGIC %md
# MAGIC Daily load. The markdown mentions `df.coalesce(1).write` but is never linted.

# COMMAND ----------

spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", True)

# COMMAND ----------

staged = spark.read.table("main.raw.clicks").coalesce(8)  # want: LL101

# COMMAND ----------

staged.write.mode("append").saveAsTable("main.web.clicks")
