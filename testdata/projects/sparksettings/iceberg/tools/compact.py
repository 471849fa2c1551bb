from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
spark.read.table("raw.events").repartition(8).write.format("delta").mode("append").saveAsTable("tools.events")
