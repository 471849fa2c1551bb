# Databricks notebook source
# MAGIC %sql
# MAGIC -- a Unity Catalog managed table tunes its own file sizes
# MAGIC CREATE TABLE main.sales.nb_managed (id BIGINT) USING DELTA

# COMMAND ----------

# MAGIC %sql
# MAGIC CREATE TABLE main.sales.nb_external (id BIGINT) USING DELTA LOCATION 's3://lake/nb_external' -- want: LL301

# COMMAND ----------

spark.sql("CREATE TABLE main.sales.py_managed (id BIGINT)")
spark.sql("CREATE TABLE main.sales.py_clone SHALLOW CLONE main.sales.nb_external")
spark.sql("CREATE TABLE sales.py_two_part (id BIGINT)")  # in the current catalog, which may be Unity Catalog
