"""Streams configured by helpers that call helpers of another module."""
from lib.chains import calmed, merged_every_second, merged_hourly

events = spark.readStream.table("main.raw.events")
merged_every_second(events.writeStream.format("delta")).toTable("main.raw.ch1")  # want: LL201 "`1 second` on the stream into main.raw.ch1"
# near misses: a long interval, and the outer helper's own trigger after the call
merged_hourly(events.writeStream.format("delta")).toTable("main.raw.ch2")
calmed(events.writeStream).toTable("main.raw.ch3")
