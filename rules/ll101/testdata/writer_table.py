# The table's property is defined in tables.sql: the write sees it through the catalog.
orders = spark.read.table("main.raw.orders")
orders.repartition(32).write.mode("append").saveAsTable("sales.orders")  # want: LL101 "properties set delta.autoOptimize.optimizeWrite"
