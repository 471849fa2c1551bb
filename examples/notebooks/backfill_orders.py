# Databricks notebook source
# MAGIC %md
# MAGIC ## Backfill orders
# MAGIC Re-runs a month of orders. (An old version used `df.coalesce(1).write` here; it is gone.)

# COMMAND ----------

# MAGIC %sql
# MAGIC SET spark.databricks.delta.optimizeWrite.enabled = true;

# COMMAND ----------

month = "2024-06"
backfill = spark.read.table("main.raw.orders").where(f"date_format(order_date, 'yyyy-MM') = '{month}'")
backfill = backfill.coalesce(16)

# COMMAND ----------

backfill.write.mode("overwrite").option("replaceWhere", f"order_date LIKE '{month}%'").saveAsTable("main.sales.orders")

# COMMAND ----------

# MAGIC %sql
# MAGIC INSERT INTO main.sales.daily_revenue
# MAGIC SELECT /*+ REPARTITION(4) */ order_date, country, sum(amount)
# MAGIC FROM main.sales.orders
# MAGIC GROUP BY order_date, country
