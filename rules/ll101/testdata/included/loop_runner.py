# Databricks notebook source
# MAGIC %run ./spark_settings

# COMMAND ----------

for key, value in SPARK_SETTINGS.items():
    spark.conf.set(key, value)

# COMMAND ----------

# positive: the loop over the included notebook's dict turned optimized writes on, as if written here
df.repartition(32).write.format("delta").mode("append").saveAsTable("main.sales.looped")  # want: LL101 "set to true on line 7"
