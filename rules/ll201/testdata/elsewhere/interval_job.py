"""Streams whose trigger interval a helper of another module is given."""
from functools import partial

from lib.intervals import every, every_default

events = spark.readStream.table("main.raw.events")
every(events.writeStream.format("delta"), "5 seconds").toTable("main.raw.j1")  # want: LL201 "`5 seconds` on the stream into main.raw.j1"
every_default(events.writeStream.format("delta")).toTable("main.raw.j2")  # want: LL201 "`4 seconds` on the stream into main.raw.j2"
quick = partial(every, interval="2 seconds")
quick(events.writeStream.format("delta")).toTable("main.raw.j3")  # want: LL201 "`2 seconds` on the stream into main.raw.j3"
# near misses: long intervals
every(events.writeStream.format("delta"), "20 minutes").toTable("main.raw.j4")
every_default(events.writeStream.format("delta"), "1 hour").toTable("main.raw.j5")
