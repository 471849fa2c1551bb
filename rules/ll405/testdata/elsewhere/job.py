"""A stream MERGEs into tables that helpers of another module open for OPTIMIZE."""
from delta.tables import DeltaTable

from lib.tables import get_table, open_rs

events = spark.readStream.table("main.shop.raw")


def upsert(batch, batch_id):
    (DeltaTable.forName(spark, "main.shop.orders").alias("t")
        .merge(batch.alias("s"), "t.id = s.id").whenMatchedUpdateAll().execute())


def upsert_rs(batch, batch_id):
    DeltaTable.forPath(spark, "s3://lake/carts").alias("t").merge(batch.alias("s"), "t.id = s.id").whenMatchedUpdateAll().execute()


events.writeStream.foreachBatch(upsert).trigger(processingTime="1 minute").start()
events.writeStream.foreachBatch(upsert_rs).trigger(processingTime="1 minute").start()
events.writeStream.trigger(processingTime="1 minute").toTable("main.shop.appended")

get_table(spark, "main.shop.orders").optimize().executeCompaction()  # want: LL405 "MERGEs into it"
open_rs("s3://lake/carts").optimize.compact()  # want: LL405 "MERGEs into it"
# near misses: a table the stream only appends to, and delta-rs's optimize on a
# helper's Spark table (an attribute there, a method in Spark)
get_table(spark, "main.shop.appended").optimize().executeCompaction()
get_table(spark, "main.shop.orders").optimize.compact()
