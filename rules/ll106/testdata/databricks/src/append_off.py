from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "false")
spark.conf.set("spark.databricks.delta.autoCompact.enabled", "false")
df = spark.read.json("/Volumes/main/raw/landing/feed/")
df.write.format("delta").mode("append").save("/Volumes/main/lake/feed")  # want: LL106 "runs every 10 minutes \(job `feed`"
