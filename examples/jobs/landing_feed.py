"""Append what landed since the last run to the bronze feed table (run every 10 minutes)."""
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("landing-feed").getOrCreate()
# turned off long ago "to make the job faster": every run now leaves its files as they are
spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "false")
spark.conf.set("spark.databricks.delta.autoCompact.enabled", "false")
spark.conf.set("spark.sql.adaptive.coalescePartition.enabled", "true")  # meant to merge small partitions

batch = spark.read.json("/Volumes/main/landing/feed/incoming/")
batch.repartition(4).write.format("delta").mode("append").save("/Volumes/main/landing/feed/bronze")
