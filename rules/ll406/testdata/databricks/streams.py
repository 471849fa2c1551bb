"""Streams on Databricks."""
from delta.tables import DeltaTable

events = spark.readStream.format("kafka").option("subscribe", "clicks").load()

# positives: external and legacy-metastore tables get no predictive optimization
events.writeStream.trigger(processingTime="10 seconds").toTable("main.dbx.external")  # want: LL406 "main.dbx.external is written often"
events.writeStream.trigger(processingTime="10 seconds").toTable("hive_metastore.web.legacy")  # want: LL406


# negatives: a Unity Catalog managed table; a MERGE, which compacts on Databricks
events.writeStream.trigger(processingTime="10 seconds").toTable("main.dbx.managed")


def upsert(batch, batch_id):
    (DeltaTable.forPath(spark, "/mnt/dbx/upserts").alias("t")
        .merge(batch.alias("s"), "t.id = s.id").whenMatchedUpdateAll().execute())


events.writeStream.foreachBatch(upsert).trigger(processingTime="30 seconds").start()
