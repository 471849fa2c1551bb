"""Streams whose trigger a helper of another module sets."""
from lib.sinks import Sinks
from lib.triggers import Fast, every_second, hourly

events = spark.readStream.table("main.raw.events")
every_second(events.writeStream.format("delta")).toTable("main.raw.a")  # want: LL201 "`1 second` on the stream into main.raw.a"
Fast().configure(events.writeStream.format("delta")).toTable("main.raw.b")  # want: LL201 "`1 second` on the stream into main.raw.b"
# near misses: a long interval, and the caller's own trigger after the call
hourly(events.writeStream.format("delta")).toTable("main.raw.c")
every_second(events.writeStream).trigger(availableNow=True).toTable("main.raw.d")
sinks = Sinks()
Sinks().fast(events).toTable("main.raw.e")  # want: LL201 "`1 second` on the stream into main.raw.e"
w = sinks.fast(events)  # want: LL201 "`1 second` on the stream into main.raw.f"
w.toTable("main.raw.f")
sinks.calm(events).toTable("main.raw.g")
