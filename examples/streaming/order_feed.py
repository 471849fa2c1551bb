"""Feeds the orders table to the silver layer, an audit copy and the fraud topic."""
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("order-feed").getOrCreate()

# order_status.py MERGEs into this table: the stream stops at its first MERGE.
orders = spark.readStream.table("main.sales.orders")

# Ten-second micro-batches: 8,640 commits a day into the silver table.
(
    orders.select("order_id", "customer_id", "order_date", "amount")
    .writeStream.format("delta")
    .option("checkpointLocation", "/mnt/checkpoints/orders_silver")
    .trigger(processingTime="10 seconds")
    .toTable("main.sales.orders_silver")
)

# No trigger: a micro-batch as soon as the last one ends.
(
    orders.writeStream.format("delta")
    .option("checkpointLocation", "/mnt/checkpoints/orders_audit")
    .start("/mnt/lake/audit/orders")
)

# Continuous processing suits Kafka, which is not reported...
(
    orders.selectExpr("CAST(order_id AS STRING) AS key", "to_json(struct(*)) AS value")
    .writeStream.format("kafka")
    .option("topic", "orders-fraud")
    .option("kafka.bootstrap.servers", "broker:9092")
    .option("checkpointLocation", "/mnt/checkpoints/orders_fraud")
    .trigger(continuous="1 second")
    .start()
)

# ...but a Delta sink rejects it when the query starts.
(
    orders.writeStream.format("delta")
    .option("checkpointLocation", "/mnt/checkpoints/orders_live")
    .trigger(continuous="1 second")
    .toTable("main.sales.orders_live")
)
