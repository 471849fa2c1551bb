"""Writer helpers whose trigger interval is a parameter."""
import functools


def every(w, interval):
    return w.trigger(processingTime=interval)


def every_default(w, interval="4 seconds"):  # want: LL201 "`4 seconds` passed to a stream into main.raw.i3"
    return w.format("delta").trigger(processingTime=interval)


fast = functools.partial(every, interval="3 seconds")  # want: LL201 "`3 seconds` passed to a stream into main.raw.i4"


def run(events):
    every(events.writeStream.format("delta"), "5 seconds").toTable("main.raw.i1")  # want: LL201 "`5 seconds` passed to a stream into main.raw.i1"
    every(events.writeStream.format("delta"), interval="2 seconds").toTable("main.raw.i2")  # want: LL201 "`2 seconds` passed to a stream into main.raw.i2"
    every_default(events.writeStream).toTable("main.raw.i3")
    fast(events.writeStream.format("delta")).toTable("main.raw.i4")
    # near misses: long intervals, given and by default
    every(events.writeStream.format("delta"), "15 minutes").toTable("main.raw.i5")
    every_default(events.writeStream, "1 hour").toTable("main.raw.i6")
