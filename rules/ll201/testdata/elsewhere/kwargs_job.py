"""Trigger keywords that methods of another module's settings classes return."""
import lib.kwargs as kw
from lib.kwargs import Base, Conf, Fast, Same, every_second


class Local(Base):
    def trigger_kwargs(self):
        return {"processingTime": "4 seconds"}  # want: LL201 "`4 seconds` passed to a stream into main.raw.x5"


class Inherits(Fast):
    pass


events = spark.readStream.table("main.raw.events")
events.writeStream.trigger(**Fast().trigger_kwargs()).toTable("main.raw.x1")  # want: LL201 "`5 seconds` on the stream into main.raw.x1"
f = kw.Fast()
events.writeStream.trigger(**f.trigger_kwargs()).toTable("main.raw.x2")  # want: LL201 "`5 seconds` on the stream into main.raw.x2"
events.writeStream.trigger(**Conf.eager()).toTable("main.raw.x3")  # want: LL201 "`2 seconds` on the stream into main.raw.x3"
events.writeStream.trigger(**every_second()).toTable("main.raw.x4")  # want: LL201 "`1 second` on the stream into main.raw.x4"
events.writeStream.trigger(**Local().trigger_kwargs()).toTable("main.raw.x5")
events.writeStream.trigger(**Inherits().trigger_kwargs()).toTable("main.raw.x6")  # want: LL201 "`5 seconds` on the stream into main.raw.x6"
events.writeStream.trigger(**Conf.quick()).toTable("main.raw.x7")  # want: LL201 "`3 seconds` on the stream into main.raw.x7"
# near misses: the base's method, an unknown instance
events.writeStream.trigger(**Same().trigger_kwargs()).toTable("main.raw.x8")
events.writeStream.trigger(**Base().trigger_kwargs()).toTable("main.raw.x9")


def start(df, cfg):
    df.writeStream.trigger(**cfg.trigger_kwargs()).toTable("main.raw.x10")
