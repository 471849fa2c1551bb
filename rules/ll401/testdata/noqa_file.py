# Sandbox cleanup — é, 日本
# lakelint: noqa: LL401
from delta.tables import DeltaTable

DeltaTable.forName(spark, "main.sandbox.trials").vacuum(0)
spark.sql("VACUUM main.sandbox.drafts RETAIN 1 HOURS")
