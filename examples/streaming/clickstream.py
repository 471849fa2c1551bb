"""Streams click events from Kafka into the bronze table."""
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("clickstream").getOrCreate()
spark.conf.set("spark.databricks.delta.autoCompact.enabled", "false")
spark.conf.set("spark.sql.adaptive.enabled", "false")

clicks = (
    spark.readStream.format("kafka")
    .option("subscribe", "clicks")
    .option("kafka.bootstrap.servers", "broker:9092")
    .load()
)

(
    clicks.writeStream.format("delta")
    .option("checkpointLocation", "/mnt/checkpoints/clicks")
    .trigger(availableNow=True)
    .toTable("main.web.clicks_bronze")
)
