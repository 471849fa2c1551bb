from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
df = spark.read.format("delta").load("s3://lake/bronze/events")
# hourly is slower than min-batch-interval (15 minutes)
df.groupBy("day").count().write.format("delta").mode("append").save("s3://lake/gold/rollup")
