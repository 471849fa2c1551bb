from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
spark.read.table("main.raw.events").write.mode("append").saveAsTable("main.bronze.events")
