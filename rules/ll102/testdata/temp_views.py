# A single task inherited through a temporary view by the SQL that writes it.
orders = spark.read.table("main.raw.orders")

orders.coalesce(1).createOrReplaceTempView("orders_one")  # want: LL102 "all of main.sales.orders_ctas: the temporary view it feeds is read by CREATE TABLE ... AS SELECT \(line 5\)"
spark.sql("CREATE TABLE main.sales.orders_ctas USING DELTA AS SELECT * FROM orders_one WHERE amount > 0")

staged = orders.filter("amount > 0").repartition(1)  # want: LL102 "main.sales.orders_daily"
staged.createOrReplaceTempView("staged")
spark.sql("INSERT INTO main.sales.orders_daily SELECT id, amount FROM staged")

# near misses: the query shuffles again, the view is replaced by a DataFrame
# of many partitions, the table optimizes its writes, and a CSV export
orders.coalesce(1).createOrReplaceTempView("grouped_src")
spark.sql("CREATE TABLE main.sales.by_customer USING DELTA AS SELECT customer, sum(amount) AS total FROM grouped_src GROUP BY customer")

orders.coalesce(1).createOrReplaceTempView("replaced")
orders.createOrReplaceTempView("replaced")
spark.sql("CREATE TABLE main.sales.replaced USING DELTA AS SELECT * FROM replaced")

orders.coalesce(1).createOrReplaceTempView("tuned")
spark.sql("CREATE TABLE main.sales.tuned USING DELTA TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true') AS SELECT * FROM tuned")

orders.coalesce(1).createOrReplaceTempView("export_src")
spark.sql("CREATE TABLE main.sales.export USING CSV AS SELECT * FROM export_src")
