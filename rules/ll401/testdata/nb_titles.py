# Databricks notebook source
db = dbutils.widgets.get("db")

# COMMAND ----------

# DBTITLE 1,Clean up
# MAGIC %sql
# MAGIC VACUUM main.ops.events RETAIN 2 HOURS -- want: LL401 "retains 2 hours"

# COMMAND ----------

# DBTITLE 1,A cell its export took the markers off
 %sql
 VACUUM main.ops.clicks RETAIN 8 HOURS; -- want: LL401 "retains 8 hours"
 VACUUM main.ops.views
 RETAIN 1 HOURS -- want: LL401 "retains 1 hours"

# COMMAND ----------

 %md
 VACUUM main.ops.notes RETAIN 0 HOURS is markdown here

# COMMAND ----------

 %python
 spark.sql("VACUUM main.ops.python RETAIN 3 HOURS")  # want: LL401 "retains 3 hours"

# COMMAND ----------

# DBTITLE 1,near miss: a week is kept
 %sql
 VACUUM main.ops.kept RETAIN 168 HOURS
