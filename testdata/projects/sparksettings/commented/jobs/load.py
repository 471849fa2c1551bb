from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("load").getOrCreate()
events = spark.read.table("lake.raw.events")
events.repartition(8).write.format("delta").mode("append").saveAsTable("lake.sales.events")
