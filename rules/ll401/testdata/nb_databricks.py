# Databricks notebook source
# Maintenance hebdomadaire — é, 日本
from delta.tables import DeltaTable

# COMMAND ----------

# 日本語 — résumé
DeltaTable.forName(spark, "main.web.sessions").vacuum(24)  # want: LL401 "retains 24 hours"
DeltaTable.forName(spark, "main.web.sessions").vacuum(336)
DeltaTable.forName(spark, "main.web.sessions").vacuum(1)  # noqa: LL401
DeltaTable.forName(spark, "main.web.sessions").vacuum(2)  # noqa
DeltaTable.forName(spark, "main.web.sessions").vacuum(3)  # noqa: LL101, LL401

# COMMAND ----------

# MAGIC %sql
# MAGIC -- é 日本 — a MAGIC cell
# MAGIC VACUUM main.web.pageviews RETAIN 12 HOURS -- want: LL401

# COMMAND ----------

# MAGIC %sql
# MAGIC VACUUM main.web.pageviews RETAIN 240 HOURS;
# MAGIC VACUUM main.web.pageviews RETAIN 6 HOURS; -- noqa: LL401
# MAGIC VACUUM main.web.pageviews
# MAGIC RETAIN 48 HOURS -- want: LL401

# COMMAND ----------

# MAGIC %python
# MAGIC # é — a %python cell
# MAGIC DeltaTable.forPath(spark, "/mnt/lake/web/referrers").vacuum(72)  # want: LL401
# MAGIC DeltaTable.forPath(spark, "/mnt/lake/web/referrers").vacuum(0)  # noqa: LL401
# MAGIC spark.sql("""
# MAGIC     -- é 日本 — SQL in a string in a MAGIC cell
# MAGIC     VACUUM main.web.referrers RETAIN 20 HOURS -- want: LL401
# MAGIC """)

# COMMAND ----------

# MAGIC %sql VACUUM main.web.clicks RETAIN 4 HOURS -- want: LL401
