# Databricks notebook source
# Rapport mensuel — é, 日本
invoices = spark.read.table("main.raw.invoices")

# COMMAND ----------

# 日本語 — résumé
invoices.coalesce(1).write.mode("append").saveAsTable("main.billing.invoices_monthly")  # want: LL102 "one task"

# COMMAND ----------

# negatives: an export meant as one file, more than one partition, a suppression
invoices.coalesce(1).write.csv("/mnt/export/invoices.csv", header=True)
invoices.coalesce(4).write.saveAsTable("main.billing.invoices_four")
invoices.repartition(1).write.saveAsTable("main.billing.invoices_kept")  # noqa: LL102
# an overwrite replaces the last run's files: one file per partition, none piling up
invoices.coalesce(1).write.mode("overwrite").saveAsTable("main.billing.invoices_dim")

# COMMAND ----------

# MAGIC %sql
# MAGIC -- é 日本 — a hint in a MAGIC cell
# MAGIC INSERT INTO main.billing.invoices_summary
# MAGIC SELECT /*+ COALESCE(1) */ customer_id, sum(amount) FROM main.raw.invoices GROUP BY customer_id -- want: LL102

# COMMAND ----------

# MAGIC %sql
# MAGIC INSERT OVERWRITE main.billing.invoices_summary_all
# MAGIC SELECT /*+ COALESCE(1) */ customer_id, sum(amount) FROM main.raw.invoices GROUP BY customer_id

# COMMAND ----------

# MAGIC %sql
# MAGIC INSERT INTO main.billing.invoices_summary SELECT /*+ COALESCE(8) */ customer_id, 1 FROM main.raw.invoices

# COMMAND ----------

# MAGIC %python
# MAGIC # é — a %python cell, the call alone on its line
# MAGIC (invoices
# MAGIC     .repartition(1)  # want: LL102
# MAGIC     .write
# MAGIC     .format("delta")
# MAGIC     .mode("append")
# MAGIC     .saveAsTable("main.billing.invoices_magic"))
