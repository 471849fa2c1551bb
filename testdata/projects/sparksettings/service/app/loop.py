from pyspark.sql import SparkSession

from app import settings

builder = SparkSession.builder.appName("loop")
for key, value in settings.DELTA.items():
    builder = builder.config(key, value)
spark = builder.getOrCreate()
spark.read.table("lake_raw.orders").coalesce(4).write.format("delta").mode("append").saveAsTable("lake_sales.orders")
