from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
df = spark.read.table("raw.accounts")
# an overwrite replaces the table's files on every run: nothing piles up
df.write.format("delta").mode("overwrite").save("s3://lake/silver/accounts")
