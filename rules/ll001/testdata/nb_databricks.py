# Databricks notebook source
# MAGIC %md
# MAGIC Markdown that mentions `# noqa` and `-- noqa` is not code.

# COMMAND ----------

# Réglages — é, 日本
spark.conf.set("spark.sql.adaptive.enabled", "false")  # noqa: LL501
spark.conf.set("spark.sql.shuffle.partitions", "64")  # want: LL001 # noqa: LL501
message = "a string saying # noqa is not a comment"

# COMMAND ----------

# MAGIC %sql
# MAGIC -- é 日本 — a MAGIC cell
# MAGIC SET spark.sql.adaptive.enabled = false; -- noqa: LL501
# MAGIC SET spark.sql.shuffle.partitions = 64; -- want: LL001 -- noqa: LL501
# MAGIC SELECT 1 -- noqa

# COMMAND ----------

# MAGIC %python
# MAGIC # é — a %python cell
# MAGIC spark.conf.set("spark.sql.adaptive.enabled", False)  # noqa
# MAGIC spark.conf.set("spark.sql.adaptive.enabled", True)  # want: LL001 # noqa: LL501, LL102
