from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
orders = spark.read.table("main.staging.orders")

# DESCRIBE DETAIL alone: judged by the average file size
orders.write.mode("append").saveAsTable("main.sales.orders")  # want: LL901 "main.sales.orders has 2,400 files averaging 4 MB \(under 32 MB\): enable optimized writes"

# optimized writes already on (live table property): compaction is the remedy
customers = spark.read.table("main.staging.customers")
customers.write.mode("append").saveAsTable("main.sales.customers")  # want: LL901 "231,000 files with a median of 410 KB \(98% under 32 MB\): optimized writes are on, yet the files stay small; run OPTIMIZE main.sales.customers on a schedule"

# a table known by path only
orders.write.format("delta").mode("append").save("/mnt/lake/raw/events")  # want: LL901 "/mnt/lake/raw/events has 5,000 files averaging 1 MB .*OPTIMIZE delta.`/mnt/lake/raw/events`"

# healthy, too few files to matter, and no stats at all: silent
orders.write.mode("append").saveAsTable("main.sales.healthy")
orders.write.mode("append").saveAsTable("main.sales.tiny")
orders.write.mode("append").saveAsTable("main.sales.unknown")
