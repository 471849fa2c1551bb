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


# an earlier if that sets something else is not the branch that leaves the
# trigger unset: the message names the condition of the trigger's own if
class Sink:
    def __init__(self, opts):
        self.opts = opts

    def start(self, events):
        w = events.writeStream.format("delta").option("checkpointLocation", "/chk/sink")
        if self.opts.label is not None:
            w = w.queryName(self.opts.label)
        if self.opts.codec:
            w = w.option("compression", self.opts.codec)
        if self.opts.cadence is not None:
            if self.opts.cadence == "now":
                w = w.trigger(availableNow=True)
            elif self.opts.cadence == "hourly":
                w = w.trigger(processingTime="1 hour")
        w.toTable("main.raw.sink")  # want: LL202 "when `self.opts.cadence is not None` is false, so"


def after_unrelated(events, label, nightly):
    w = events.writeStream.format("delta")
    if label:
        w = w.queryName(label)
    if nightly:
        w = w.trigger(availableNow=True)
    w.toTable("main.raw.after_unrelated")  # want: LL202 "when `nightly` is false, so"


def unrelated_else(events, label, nightly):
    w = events.writeStream.format("delta")
    if label:
        pass
    else:
        w = w.queryName("default")
    if not nightly:
        w = w.trigger(processingTime="10 minutes")
    w.toTable("main.raw.unrelated_else")  # want: LL202 "when `nightly` is true, so"


# near miss: after the unrelated if, both ways set a trigger
def after_unrelated_every_way(events, label, nightly):
    w = events.writeStream.format("delta")
    if label:
        w = w.queryName(label)
    if nightly:
        w = w.trigger(availableNow=True)
    else:
        w = w.trigger(processingTime="10 minutes")
    w.toTable("main.raw.after_unrelated_every_way")
