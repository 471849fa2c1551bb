from pyspark.sql import SparkSession

from app.settings import UNUSED  # imported, never given to a session

spark = SparkSession.builder.getOrCreate()
spark.read.table("lake_raw.items").coalesce(4).write.format("delta").mode("append").saveAsTable("lake_sales.items")
print(UNUSED)
