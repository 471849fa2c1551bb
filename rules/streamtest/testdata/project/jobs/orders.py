"""Orders copied on, through the same helper."""
from lib.streams import write_stream

orders = spark.readStream.table("main.sales.orders")  # want: LL204 "main.sales.orders, which .*upserts.py MERGEs into"
write_stream(orders, "main.sales.orders_copy", "/chk/orders")
write_stream(orders, "main.sales.orders_slow", "/chk/slow", trigger="10 minutes")
