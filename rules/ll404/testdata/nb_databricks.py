# Databricks notebook source
# Z-order — é, 日本
from delta.tables import DeltaTable

# COMMAND ----------

# MAGIC %sql
# MAGIC CREATE TABLE IF NOT EXISTS main.web.impressions (impression_id BIGINT, campaign_id BIGINT, impression_date DATE)
# MAGIC USING DELTA PARTITIONED BY (impression_date);
# MAGIC CREATE TABLE IF NOT EXISTS main.web.impressions_clustered (impression_id BIGINT, campaign_id BIGINT)
# MAGIC USING DELTA CLUSTER BY (campaign_id)

# COMMAND ----------

# MAGIC %sql
# MAGIC -- é 日本 — a MAGIC cell
# MAGIC OPTIMIZE main.web.impressions ZORDER BY (campaign_id, impression_date) -- want: LL404 "impression_date"

# COMMAND ----------

# MAGIC %sql
# MAGIC OPTIMIZE main.web.impressions ZORDER BY (campaign_id);
# MAGIC OPTIMIZE main.web.impressions_clustered ZORDER BY (impression_id) -- want: LL404 "liquid clustering"

# COMMAND ----------

# 日本語 — résumé
DeltaTable.forName(spark, "main.web.impressions").optimize().executeZOrderBy("impression_date")  # want: LL404
DeltaTable.forName(spark, "main.web.impressions").optimize().executeZOrderBy("campaign_id")
DeltaTable.forName(spark, "main.web.impressions").optimize().executeZOrderBy("impression_date")  # noqa: LL404

# COMMAND ----------

# MAGIC %python
# MAGIC # é — a %python cell
# MAGIC DeltaTable.forName(spark, "main.web.impressions_clustered").optimize().executeZOrderBy("campaign_id")  # want: LL404
