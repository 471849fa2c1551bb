"""Streams configured by helpers that call helpers of a third module."""
from pkg.chains import appended, appended_now, hourly_merged, now_after


def run(events, flag):
    appended(events.writeStream.format("delta"), flag).toTable("main.raw.c1")  # want: LL202 "sets no trigger when `backfill` is false"
    appended(events.writeStream.format("delta"), False).toTable("main.raw.c2")  # want: LL202 "main.raw.c2 sets no trigger, so"
    # near misses: the inner helper sets a trigger, the call takes the way
    # that does, the outer helper sets one after the inner's
    hourly_merged(events.writeStream.format("delta")).toTable("main.raw.c3")
    appended(events.writeStream.format("delta"), True).toTable("main.raw.c4")
    appended_now(events.writeStream.format("delta")).toTable("main.raw.c5")
    now_after(events.writeStream.format("delta")).toTable("main.raw.c6")
