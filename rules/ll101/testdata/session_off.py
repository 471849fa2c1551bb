# Nothing says optimized writes are on: the rule stays silent.
from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
df = spark.read.table("main.raw.orders")
df.repartition(8).write.format("delta").saveAsTable("main.sales.orders_unknown")

# switched on, then off again before the write
spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")
spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "false")
df.coalesce(4).write.saveAsTable("main.sales.orders_off")
