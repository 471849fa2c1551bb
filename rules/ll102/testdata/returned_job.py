from returned_lib import one, two

orders = spark.read.table("main.raw.orders")
# a helper of another module funnels the DataFrame: reported at the call
one(orders).write.mode("append").saveAsTable("main.sales.orders_one")  # want: LL102 "in the helper this call runs \(line 6 of .*returned_lib.py\) makes one task write all of main.sales.orders_one"
funnelled = one(orders).select("id", "amount")  # want: LL102 "all of main.sales.orders_picked"
funnelled.write.mode("append").saveAsTable("main.sales.orders_picked")

# near misses: two partitions, an overwrite, a shuffle after the helper
two(orders).write.mode("append").saveAsTable("main.sales.orders_two")
one(orders).write.mode("overwrite").saveAsTable("main.sales.orders_replaced")
one(orders).repartition(8).write.mode("append").saveAsTable("main.sales.orders_spread")
