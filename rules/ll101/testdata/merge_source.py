from delta.tables import DeltaTable

spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")
target = DeltaTable.forName(spark, "main.crm.contacts")
updates = spark.read.table("main.raw.updates")

# negatives: the source of a MERGE is joined, not written as it is partitioned
target.alias("t").merge(updates.repartition(8).alias("s"), "t.id = s.id").whenMatchedUpdateAll().execute()
small = updates.coalesce(4)  # want: LL101 (the write below)
target.alias("t").merge(small.alias("s"), "t.id = s.id").whenNotMatchedInsertAll().execute()

# the same DataFrame written is reported, at its transform above
small.write.format("delta").mode("append").saveAsTable("main.crm.contacts_log")
