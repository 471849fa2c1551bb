"""Streams configured by helpers of another module whose branches differ."""
from lib.branchy import scheduled_or_calm, scheduled_or_eager

events = spark.readStream.table("main.raw.events")


def run(flag):
    scheduled_or_eager(events.writeStream.format("delta"), flag).toTable("main.raw.b1")  # want: LL201 "`3 seconds` on the stream into main.raw.b1 when `backfill` is false"
    scheduled_or_eager(events.writeStream.format("delta"), False).toTable("main.raw.b2")  # want: LL201 "`3 seconds` on the stream into main.raw.b2 means"
    # near misses: the call takes the way that schedules, every way is calm
    scheduled_or_eager(events.writeStream.format("delta"), True).toTable("main.raw.b3")
    scheduled_or_calm(events.writeStream.format("delta"), flag).toTable("main.raw.b4")
