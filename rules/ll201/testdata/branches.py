"""Streams whose branches give them different triggers."""


def bronze(events, live):
    w = events.writeStream.format("delta")
    if live:
        w = w.trigger(processingTime="5 seconds")  # want: LL201 "on the stream into main.raw.bronze when `live` is true means"
    else:
        w = w.trigger(availableNow=True)
    w.toTable("main.raw.bronze")


def silver(events, backfill):
    w = events.writeStream.format("delta")
    if backfill:
        w = w.trigger(availableNow=True)
    else:
        w = w.trigger(processingTime="2 seconds")  # want: LL201 "into main.raw.silver when `backfill` is false means"
    w.toTable("main.raw.silver")


# near misses: every branch triggers seldom enough, the condition is known
def gold(events, hourly):
    w = events.writeStream.format("delta")
    if hourly:
        w = w.trigger(processingTime="1 hour")
    else:
        w = w.trigger(processingTime="10 minutes")
    w.toTable("main.raw.gold")


def known(events):
    live = False
    w = events.writeStream.format("delta")
    if live:
        w = w.trigger(processingTime="5 seconds")
    else:
        w = w.trigger(availableNow=True)
    w.toTable("main.raw.known")
