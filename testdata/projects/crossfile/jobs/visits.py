from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()

visits = spark.read.json("s3://landing/visits/")
visits.write.mode("append").partitionBy("day").saveAsTable("main.sales.visits")
