from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")
df = spark.read.json("s3://landing/clicks/")
# optimized writes are on: the files are sized at write time
df.write.format("delta").mode("append").save("s3://lake/bronze/clicks")
