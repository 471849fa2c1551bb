from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()

orders = spark.read.json("s3://landing/orders/")
orders.coalesce(1).write.mode("append").saveAsTable("main.sales.orders")
