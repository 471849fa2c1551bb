# Optimized writes switched on through a SparkConf or a loop over a
# settings dict: the session's settings all the same.
from pyspark import SparkConf
from pyspark.sql import SparkSession

DELTA = {"spark.databricks.delta.optimizeWrite.enabled": "true", "spark.sql.shuffle.partitions": "64"}


class Settings:
    SPARK = {"spark.databricks.delta.optimizeWrite.enabled": True}


conf = SparkConf().setAppName("load").setAll(DELTA.items())
spark = SparkSession.builder.config(conf=conf).getOrCreate()
events = spark.read.table("main.raw.events")
events.repartition(8).write.format("delta").mode("append").saveAsTable("main.sales.events")  # want: LL101


def tuned_session():
    builder = SparkSession.builder.appName("tuned")
    for key, value in Settings.SPARK.items():
        builder = builder.config(key, value)
    return builder.getOrCreate()


def load_tuned():
    s = tuned_session()
    s.read.table("main.raw.orders").coalesce(4).write.mode("append").saveAsTable("main.sales.orders")  # want: LL101
