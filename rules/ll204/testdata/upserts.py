"""Rewrites of tables other files stream from."""
from delta.tables import DeltaTable

updates = spark.read.table("main.raw.order_updates")
(DeltaTable.forName(spark, "main.sales.orders").alias("t")
    .merge(updates.alias("s"), "t.id = s.id")
    .whenMatchedUpdateAll()
    .whenNotMatchedInsertAll()
    .execute())
DeltaTable.forPath(spark, "/mnt/lake/customers").delete("deleted = true")
spark.sql("UPDATE main.sales.refunds SET state = 'done' WHERE state = 'open'")
