from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")

daily = spark.read.table("raw.daily")
daily.repartition(4).write.format("delta").mode("append").saveAsTable("main.sales.daily")
