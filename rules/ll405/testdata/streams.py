"""Streams that rewrite tables, and one that only appends."""
from delta.tables import DeltaTable

events = spark.readStream.table("main.sales.raw")


def upsert(batch, batch_id):
    (DeltaTable.forName(spark, "main.sales.orders").alias("t")
        .merge(batch.alias("s"), "t.id = s.id").whenMatchedUpdateAll().execute())


def purge(batch, batch_id):
    (DeltaTable.forName(spark, "main.sales.events").alias("t")
        .merge(batch.alias("s"), "t.id = s.id").whenMatchedDelete().execute())


def refresh(batch, batch_id):
    (DeltaTable.forName(spark, "main.sales.daily").alias("t")
        .merge(batch.alias("s"), "t.id = s.id").whenMatchedUpdateAll().execute())


events.writeStream.foreachBatch(upsert).trigger(processingTime="1 minute").start()
events.writeStream.foreachBatch(purge).start()
# processes what is there and stops: a batch job, run by no schedule the project holds
events.writeStream.foreachBatch(refresh).trigger(availableNow=True).start().awaitTermination()
events.writeStream.trigger(processingTime="1 minute").toTable("main.sales.appended")

# a batch job's MERGE, run by hand: no frequency known
DeltaTable.forName(spark, "main.sales.batch_merged").alias("t").merge(events.alias("s"), "t.id = s.id").whenMatchedUpdateAll().execute()
