# Databricks notebook source
# Tables du domaine RH — é, 日本
from delta.tables import DeltaTable

# COMMAND ----------

# 日本語 — a builder without properties
(DeltaTable.createIfNotExists(spark)  # want: LL301
    .tableName("main.hr.employees")
    .addColumn("employee_id", "BIGINT")
    .execute())

# COMMAND ----------

# negatives: the builder sets both properties; a suppressed writeTo
(DeltaTable.create(spark)
    .tableName("main.hr.departments")
    .addColumn("department_id", "BIGINT")
    .property("delta.autoOptimize.optimizeWrite", "true")
    .property("delta.autoOptimize.autoCompact", "true")
    .execute())
spark.read.table("main.raw.hr_contracts").writeTo("main.hr.contracts_kept").create()  # noqa: LL301

# COMMAND ----------

# MAGIC %sql
# MAGIC -- é 日本 — a MAGIC cell
# MAGIC CREATE TABLE main.hr.salaries (employee_id BIGINT, amount DECIMAL(12, 2)) -- want: LL301
# MAGIC USING DELTA
# MAGIC PARTITIONED BY (employee_id)

# COMMAND ----------

# MAGIC %sql
# MAGIC CREATE TABLE main.hr.salaries_kept (employee_id BIGINT) USING DELTA; -- noqa: LL301
# MAGIC CREATE TABLE main.hr.grades (grade STRING) USING DELTA TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true', 'delta.autoOptimize.autoCompact' = 'true')

# COMMAND ----------

# MAGIC %python
# MAGIC # é — a %python cell: a builder over several lines
# MAGIC (DeltaTable.createOrReplace(spark)  # want: LL301
# MAGIC     .tableName("main.hr.reviews")
# MAGIC     .addColumn("review_id", "BIGINT")
# MAGIC     .execute())
