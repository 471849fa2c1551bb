"""Nightly load of the orders fact table and its partner export."""
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = (
    SparkSession.builder.appName("daily-orders")
    .config("spark.databricks.delta.optimizeWrite.enabled", "true")
    .getOrCreate()
)

ORDERS = "main.sales.orders"
EXPORT_PATH = "/mnt/exports/partners/orders"
run_date = spark.conf.get("job.run_date")

raw = spark.read.table("main.raw.orders").where(F.col("order_date") == run_date)
orders = raw.select("order_id", "customer_id", "order_date", "country", "amount")

# Optimized writes already size the files: this manual repartition fights them.
orders_out = orders.repartition(64)
orders_out.write.format("delta").mode("append").saveAsTable(ORDERS)

# One file per run into a table that grows every night.
summary = orders.groupBy("order_date", "country").agg(F.sum("amount").alias("revenue"))
summary.coalesce(1).write.mode("append").saveAsTable("main.sales.daily_revenue")

# Partner export in plain Parquet: every task writes into every partition it holds.
orders.write.mode("overwrite").partitionBy("order_date", "country").parquet(EXPORT_PATH)

# A CSV for finance is meant to be one file: not reported.
summary.coalesce(1).write.mode("overwrite").csv("/mnt/exports/finance/revenue.csv", header=True)
