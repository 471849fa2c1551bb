"""Writers passed through helpers that configure them and give them back."""
from pyspark.sql.streaming import DataStreamWriter


def with_checkpoint(w: DataStreamWriter, name) -> DataStreamWriter:
    return w.format("delta").option("checkpointLocation", "/chk/" + name)


def scheduled(w):
    return w.outputMode("append").trigger(availableNow=True)


def maybe_scheduled(w, backfill):
    if backfill:
        w = w.trigger(availableNow=True)
    return w


def chained(w):
    return scheduled(w.option("mergeSchema", "true"))


def chained_checkpoint(w, name):
    return with_checkpoint(w.outputMode("append"), name)


def passed_on(w):
    return maybe_scheduled(w, False)


class StreamSettings:
    def __init__(self, batch):
        self.batch = batch

    def configure(self, w):
        if not self.batch:
            w = w.trigger(availableNow=True)
        return w


def run(events, flag, settings: StreamSettings):
    with_checkpoint(events.writeStream, "a").toTable("main.raw.a")  # want: LL202 "main.raw.a sets no trigger,"
    maybe_scheduled(events.writeStream.format("delta"), flag).toTable("main.raw.b")  # want: LL202 "when `backfill` is false"
    maybe_scheduled(events.writeStream.format("delta"), False).toTable("main.raw.c")  # want: LL202
    StreamSettings(flag).configure(events.writeStream.format("delta")).toTable("main.raw.d")  # want: LL202 "when `self.batch` is true"
    chained_checkpoint(events.writeStream, "k").toTable("main.raw.k")  # want: LL202 "main.raw.k sets no trigger,"
    passed_on(events.writeStream.format("delta")).toTable("main.raw.l")  # want: LL202 "main.raw.l sets no trigger,"
    maybe_scheduled(events.writeStream, False).toTable("main.raw.o")  # want: LL202 "main.raw.o sets no trigger,"
    # near misses: the helper sets the trigger, the caller does, the call
    # passes a flag that takes the branch setting one
    scheduled(events.writeStream.format("delta")).toTable("main.raw.e")
    with_checkpoint(events.writeStream.trigger(processingTime="10 minutes"), "f").toTable("main.raw.f")
    maybe_scheduled(events.writeStream.format("delta"), True).toTable("main.raw.g")
    maybe_scheduled(events.writeStream.format("delta"), backfill=True).toTable("main.raw.h")
    chained(events.writeStream.format("delta")).toTable("main.raw.m")
    chained_checkpoint(events.writeStream.trigger(availableNow=True), "n").toTable("main.raw.n")
    w = with_checkpoint(events.writeStream, "i")
    w = scheduled(w)
    w.toTable("main.raw.i")


def sink_in_helper(w: DataStreamWriter):
    w.toTable("main.raw.j")  # the caller's writer: its trigger is the caller's
