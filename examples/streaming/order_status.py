"""Applies order status events from Kafka to the orders table, one micro-batch at a time."""
from delta.tables import DeltaTable
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("order-status").getOrCreate()

statuses = (
    spark.readStream.format("kafka")
    .option("subscribe", "order-status")
    .option("kafka.bootstrap.servers", "broker:9092")
    .load()
    .select(F.from_json(F.col("value").cast("string"), "order_id BIGINT, status STRING").alias("s"))
    .select("s.*")
)


def apply_statuses(batch, batch_id):
    """MERGE each micro-batch into the orders table: other streams read it."""
    (
        DeltaTable.forName(spark, "main.sales.orders").alias("o")
        .merge(batch.alias("s"), "o.order_id = s.order_id")
        .whenMatchedUpdate(set={"status": "s.status"})
        .execute()
    )


(
    statuses.writeStream.foreachBatch(apply_statuses)
    .option("checkpointLocation", "/mnt/checkpoints/order_status")
    .trigger(processingTime="5 minutes")
    .start()
)
