# Databricks notebook source
# Tables partitionnées — é, 日本
from delta.tables import DeltaTable

# COMMAND ----------

# MAGIC %sql
# MAGIC -- é 日本 — a MAGIC cell
# MAGIC CREATE TABLE main.finance.ledger_entries (entry_id BIGINT, entry_date DATE)
# MAGIC USING DELTA
# MAGIC PARTITIONED BY (entry_date) -- want: LL304 "CLUSTER BY \(entry_date\)"

# COMMAND ----------

# MAGIC %sql
# MAGIC CREATE TABLE main.finance.ledger_clustered (entry_id BIGINT, entry_date DATE) USING DELTA CLUSTER BY (entry_date);
# MAGIC CREATE TABLE main.finance.ledger_export (entry_id BIGINT, entry_date DATE) USING PARQUET PARTITIONED BY (entry_date);
# MAGIC CREATE TABLE main.finance.ledger_kept (entry_id BIGINT, entry_date DATE) USING DELTA PARTITIONED BY (entry_date) -- noqa: LL304

# COMMAND ----------

# 日本語 — a builder
(DeltaTable.create(spark)
    .tableName("main.finance.ledger_built")
    .addColumn("entry_date", "DATE")
    .partitionedBy("entry_date")  # want: LL304
    .execute())
