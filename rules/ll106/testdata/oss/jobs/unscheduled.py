from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
# no schedule names this file: how often it runs is not known
spark.read.json("s3://landing/x/").write.format("delta").mode("append").save("s3://lake/bronze/x")
