# Databricks notebook source
# MAGIC %run ./spark_settings

# COMMAND ----------

# negative: the included dict is read, but no loop gives it to the session
print(len(SPARK_SETTINGS))
df.repartition(32).write.format("delta").mode("append").saveAsTable("main.sales.unapplied")

# COMMAND ----------

# negative: a dict of the same name made here, of settings not known, shadows the included one
SPARK_SETTINGS = load_settings()
for key, value in SPARK_SETTINGS.items():
    spark.conf.set(key, value)
df.repartition(32).write.format("delta").mode("append").saveAsTable("main.sales.shadowed")
