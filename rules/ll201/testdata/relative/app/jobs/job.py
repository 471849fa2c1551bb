"""`from . import x` and `from .. import x` name modules of this package and of its parent."""
from .. import conf, streams
from . import local

events = spark.readStream.table("main.raw.events")
events.writeStream.trigger(processingTime=conf.FAST).toTable("main.raw.rel1")  # want: LL201 "`5 seconds` on the stream into main.raw.rel1"
c = conf.StreamConf()
events.writeStream.trigger(processingTime=c.trigger).toTable("main.raw.rel2")  # want: LL201 "`4 seconds` on the stream into main.raw.rel2"
streams.start(events, "3 seconds")  # want: LL201 "`3 seconds` passed to a stream into main.raw.rel_start"
events.writeStream.trigger(processingTime=local.SLOW).toTable("main.raw.rel3")
