# Databricks notebook source
orders = spark.read.table("main.raw.orders")

# COMMAND ----------

# MAGIC %python
# MAGIC # a %python cell runs through IPython: its line magics are not Python errors
# MAGIC %timeit orders.count()
# MAGIC !ls /dbfs/tmp
# MAGIC if orders.isEmpty():
# MAGIC     %time orders.show()

# COMMAND ----------

# MAGIC %python
# MAGIC %timeit orders.count()
# MAGIC orders.write.saveAsTable("main.web.orders_copy"))  # want: LL000
