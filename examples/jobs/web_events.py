"""Loads raw web events, partitioned the way the first version of the job did."""
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("web-events").getOrCreate()

events = spark.read.json("/mnt/landing/web/")
events.write.mode("append").partitionBy("session_id").saveAsTable("main.web.events")
