from pyspark.sql import functions as F

ONE = 1
orders = spark.read.table("main.raw.orders")

orders.coalesce(1).write.mode("append").saveAsTable("main.sales.orders")  # want: LL102 "one task"
orders.repartition(ONE).write.mode("append").parquet("/mnt/lake/orders")  # want: LL102
single = orders.coalesce(1)  # want: LL102
single.writeTo("main.sales.orders_v2").append()
orders.coalesce(1).write.format("orc").mode("append").save("/mnt/lake/orders_orc")  # want: LL102
orders.coalesce(1).write.insertInto("main.sales.orders")  # want: LL102

# exports meant as one file
orders.coalesce(1).write.csv("/mnt/export/orders.csv", header=True)
orders.coalesce(1).write.format("json").save("/mnt/export/orders_json")
orders.repartition(1).write.text("/mnt/export/orders.txt")

# a write that makes its table once (the default errorifexists, ignore) or whose
# mode is not known here piles up nothing
orders.coalesce(1).write.saveAsTable("main.sales.once")
orders.coalesce(1).write.mode("ignore").parquet("/mnt/lake/once")
orders.repartition(1).write.mode(settings.write_mode).parquet("/mnt/lake/configured")

# overwrites replace the last run's files: one file per partition, none piling up
orders.coalesce(1).write.mode("overwrite").saveAsTable("main.sales.dim_customers")
orders.repartition(1).writeTo("main.sales.dim_regions").createOrReplace()
orders.coalesce(1).write.mode("overwrite").partitionBy("region").saveAsTable("main.sales.dim_stores")

# more than one partition, or unknown
orders.coalesce(2).write.saveAsTable("main.sales.orders_two")
orders.coalesce(n).write.saveAsTable("main.sales.orders_n")

# coalesce(1) feeding an aggregation, not the write
orders.coalesce(1).groupBy("day").count().write.saveAsTable("main.sales.daily_counts")

# F.coalesce is a column function
orders.select(F.coalesce(F.col("a"), F.lit(1))).write.saveAsTable("main.sales.cols")

# a target the code does not name: a one-file hand-off to another tool (a
# Tableau extract, a download) as often as a table, so not reported
orders.coalesce(1).write.mode("overwrite").parquet(out_dir.joinpath("parquet").as_posix())
