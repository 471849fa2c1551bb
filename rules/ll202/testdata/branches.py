"""Streams configured in branches: a trigger set in one branch only."""


def bronze(events, backfill):
    w = events.writeStream.format("delta").option("checkpointLocation", "/chk/bronze")
    if backfill:
        w = w.trigger(availableNow=True)
    w.toTable("main.raw.bronze")  # want: LL202 "sets no trigger when `backfill` is false"


def silver(events, continuous):
    w = events.writeStream.format("delta")
    if not continuous:
        w = w.trigger(availableNow=True)
    w.toTable("main.raw.silver")  # want: LL202 "when `continuous` is true"


def gold(events, hourly, daily):
    w = events.writeStream.format("delta")
    if hourly:
        w = w.trigger(processingTime="1 hour")
    elif daily:
        w = w.trigger(processingTime="1 day")
    w.toTable("main.raw.gold")  # want: LL202 "when none of `hourly`, `daily` is true"


# near misses: every branch sets a trigger, the condition is known, a
# branch that may make the sink a foreign one
def every_branch(events, backfill):
    w = events.writeStream.format("delta")
    if backfill:
        w = w.trigger(availableNow=True)
    else:
        w = w.trigger(processingTime="10 minutes")
    w.toTable("main.raw.every_branch")


def known_condition(events):
    backfill = True
    w = events.writeStream.format("delta")
    if backfill:
        w = w.trigger(availableNow=True)
    w.toTable("main.raw.known")


def maybe_kafka(events, to_kafka):
    w = events.writeStream.format("delta")
    if to_kafka:
        w = w.format("kafka")
    w.start()
