from delta.tables import DeltaTable

target = DeltaTable.forPath(spark, "/mnt/lake/contacts")
updates = spark.read.table("main.raw.updates")

# negatives: the source of a MERGE is joined, not written as it is partitioned
target.alias("t").merge(updates.repartition(1), "t.id = s.id").whenMatchedUpdateAll().execute()
one = updates.repartition(1)  # want: LL102 (the write below)
target.alias("t").merge(one.alias("s"), "t.id = s.id").whenNotMatchedInsertAll().execute()

# the same DataFrame written is reported, at its transform above
one.write.format("delta").mode("append").save("/mnt/lake/contacts_log")
