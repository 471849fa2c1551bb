from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "false")
spark.conf.set("spark.databricks.delta.autoCompact.enabled", "false")
# its job's every-minute schedule is paused: it does not run
spark.read.json("/Volumes/main/raw/landing/p/").write.format("delta").mode("append").save("/Volumes/main/lake/p")
