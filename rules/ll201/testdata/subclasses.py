"""Subclasses that override the trigger interval their base class's method reads."""


class Base:
    trigger_interval = "10 minutes"

    def run(self, df):
        df.writeStream.trigger(processingTime=self.trigger_interval).toTable("main.raw.sub")


class Fast(Base):
    trigger_interval = "5 seconds"


class Faster(Fast):
    pass


# near misses: a subclass that keeps the base's interval, one with a long one
class Same(Base):
    pass


class Slow(Base):
    trigger_interval = "1 hour"


events = spark.readStream.table("main.raw.events")
Fast().run(events)  # want: LL201 "`5 seconds` passed to a stream into main.raw.sub"
Faster().run(events)  # want: LL201 "`5 seconds` passed to a stream into main.raw.sub"
Same().run(events)
Slow().run(events)
Base().run(events)
