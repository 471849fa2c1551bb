from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "false")
spark.conf.set("spark.databricks.delta.autoCompact.enabled", "false")
# a Unity Catalog managed table: Databricks tunes its files itself
spark.read.json("/Volumes/main/raw/landing/orders/").write.mode("append").saveAsTable("main.lake.orders")
