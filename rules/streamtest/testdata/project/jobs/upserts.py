"""Order updates from Kafka, applied with foreachBatch."""
from delta.tables import DeltaTable

spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")
updates = spark.readStream.format("kafka").option("subscribe", "order-updates").load()


def upsert(batch_df, batch_id):
    (DeltaTable.forName(spark, "main.sales.orders").alias("t")
        .merge(batch_df.alias("s"), "t.order_id = s.order_id")
        .whenMatchedUpdateAll()
        .whenNotMatchedInsertAll()
        .execute())


def to_kafka(batch_df, batch_id):
    batch_df.write.format("kafka").option("topic", "order-echo").save()


def append_audit(batch_df, batch_id):
    batch_df.coalesce(1).write.mode("append").saveAsTable("main.sales.audit")  # want: LL101
    batch_df.repartition(8).write.mode("append").saveAsTable("main.sales.audit_wide")  # want: LL101


(updates.writeStream.foreachBatch(upsert)
    .option("checkpointLocation", "/chk/upsert")
    .trigger(processingTime="20 seconds")  # want: LL201 "main.sales.orders \(through upsert\)"
    .start())

# only Kafka: no files, nothing to report
updates.writeStream.foreachBatch(to_kafka).trigger(processingTime="1 second").start()

# the same function behind two streams: its own findings once
updates.writeStream.foreachBatch(append_audit).option("checkpointLocation", "/chk/a1").start()  # want: LL202 "main.sales.audit and main.sales.audit_wide \(through append_audit\)"
updates.writeStream.foreachBatch(append_audit).trigger(availableNow=True).start()
