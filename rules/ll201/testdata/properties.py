"""Triggers that properties, lambdas and settings methods give."""


class Job:
    @property
    def trigger(self):
        return {"processingTime": "2 seconds"}  # want: LL201 "`2 seconds` passed to a stream into main.prop.a"

    @property
    def interval(self):
        return "6 seconds"

    every = lambda self: "7 seconds"

    def pace(self):
        return "8 seconds"

    def run(self, df):
        df.writeStream.trigger(**self.trigger).toTable("main.prop.a")
        df.writeStream.trigger(processingTime=self.interval).toTable("main.prop.b")  # want: LL201 "`6 seconds` on the stream into main.prop.b"
        df.writeStream.trigger(processingTime=self.every()).toTable("main.prop.c")  # want: LL201 "`7 seconds` on the stream into main.prop.c"
        df.writeStream.trigger(processingTime=self.pace()).toTable("main.prop.d")  # want: LL201 "`8 seconds` on the stream into main.prop.d"


class Calm:
    @property
    def interval(self):
        return "30 minutes"

    @property
    def trigger(self):
        return {"availableNow": True}


class Settable:
    @property
    def interval(self):
        return "1 second"

    @interval.setter
    def interval(self, v):
        self._interval = v


interval = lambda: "5 seconds"
events = spark.readStream.table("main.raw.events")
events.writeStream.trigger(processingTime=interval()).toTable("main.prop.e")  # want: LL201 "`5 seconds` on the stream into main.prop.e"
job = Job()
events.writeStream.trigger(processingTime=job.interval).toTable("main.prop.f")  # want: LL201 "`6 seconds` on the stream into main.prop.f"
events.writeStream.trigger(processingTime=job.every()).toTable("main.prop.g")  # want: LL201 "`7 seconds` on the stream into main.prop.g"


def start(df, cfg):
    df.writeStream.trigger(processingTime=cfg.interval).toTable("main.prop.h")


start(events, Job())  # want: LL201 "`6 seconds` passed to a stream into main.prop.h"
# near misses: long intervals, a property with a setter, a lambda of the
# caller's value
start(events, Calm())
events.writeStream.trigger(**Calm().trigger).toTable("main.prop.i")
start(events, Settable())
every = lambda s: s
events.writeStream.trigger(processingTime=every("1 hour")).toTable("main.prop.j")
