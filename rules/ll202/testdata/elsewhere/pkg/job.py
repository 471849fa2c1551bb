"""Streams configured by helpers of another module."""
import pkg.writers as wr
from pkg.writers import StreamSettings, chained, chained_checkpoint, describe, maybe_scheduled, scheduled, with_checkpoint

from .writers import maybe_scheduled as maybe


def run(events, flag):
    with_checkpoint(events.writeStream, "a").toTable("main.raw.a")  # want: LL202 "main.raw.a sets no trigger, so"
    wr.with_checkpoint(events.writeStream, "b").toTable("main.raw.b")  # want: LL202 "main.raw.b sets no trigger, so"
    maybe_scheduled(events.writeStream.format("delta"), flag).toTable("main.raw.c")  # want: LL202 "when `backfill` is false"
    maybe(events.writeStream.format("delta"), False).toTable("main.raw.d")  # want: LL202 "main.raw.d sets no trigger, so"
    StreamSettings(flag).configure(events.writeStream.format("delta")).toTable("main.raw.e")  # want: LL202 "when `self.batch` is true"
    StreamSettings(True).configure(events.writeStream.format("delta")).toTable("main.raw.f")  # want: LL202 "main.raw.f sets no trigger, so"
    later(events.writeStream.format("delta"), flag).toTable("main.raw.g")  # want: LL202 "when `on` is false"
    x = events.writeStream.format("delta")
    describe(x)  # no writer helper: the writer goes on as configured
    x.toTable("main.raw.r")  # want: LL202 "main.raw.r sets no trigger, so"
    chained_checkpoint(events.writeStream, "s").toTable("main.raw.s")  # want: LL202 "main.raw.s sets no trigger, so"
    # near misses: the helper sets the trigger (after the caller's format,
    # before the caller's own trigger), or the call takes the branch that does
    scheduled(events.writeStream.format("delta")).toTable("main.raw.h")
    wr.scheduled(events.writeStream.format("delta")).toTable("main.raw.i")
    with_checkpoint(events.writeStream.trigger(processingTime="10 minutes"), "j").toTable("main.raw.j")
    maybe_scheduled(events.writeStream.format("delta"), True).toTable("main.raw.k")
    maybe(events.writeStream.format("delta"), backfill=True).toTable("main.raw.l")
    StreamSettings(False).configure(events.writeStream.format("delta")).toTable("main.raw.m")
    w = with_checkpoint(events.writeStream, "n")
    w = scheduled(w)
    w.toTable("main.raw.n")
    v = events.writeStream.format("delta")
    scheduled(v)
    v.toTable("main.raw.o")
    later(events.writeStream.format("delta"), True).toTable("main.raw.p")
    chained(events.writeStream.format("delta")).toTable("main.raw.t")
    wr.chained_checkpoint(events.writeStream.trigger(availableNow=True), "u").toTable("main.raw.u")
    not_in_project(events.writeStream.format("delta")).toTable("main.raw.q")


def later(w, on):
    if on:
        w = w.trigger(availableNow=True)
    return w
