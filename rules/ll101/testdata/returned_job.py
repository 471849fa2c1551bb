from returned_lib import spread

spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")
orders = spark.read.table("main.raw.orders")
# the helper of another module repartitions: reported at the call
spread(orders).write.format("delta").mode("append").saveAsTable("main.sales.orders")  # want: LL101 "in the helper this call runs \(line 6 of"
