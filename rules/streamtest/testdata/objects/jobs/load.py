"""Batch and stream loads through the writer classes."""
from lib.writers import EventsWriter, Retargeted, TableWriter, Upserter

events = spark.read.table("main.raw.events")
TableWriter("main.web.sessions", ["session_id"]).write(events)  # want: LL103 "session_id"
TableWriter("main.web.daily", ["event_date"]).write(events)
daily = TableWriter(table="main.web.daily_copy", partitions=["event_date"])
daily.write(events)
EventsWriter().run(events)
EventsWriter().run(events)
Retargeted().run(events)

moved = TableWriter("main.web.moved", ["event_date"])
moved.partitions = ["user_id"]  # set from outside: the instance is no longer followed
moved.write(events)

clicks = spark.readStream.table("main.raw.clicks")
TableWriter("main.web.clicks", ["event_date"]).stream(clicks)
TableWriter("main.web.clicks_fast", ["event_date"], "1 second").stream(clicks)  # want: LL201 "a trigger of `1 second` passed to a stream into main.web.clicks_fast"
TableWriter("main.web.clicks_slow", ["event_date"], trigger="5 minutes").stream(clicks)

updates = spark.readStream.format("kafka").option("subscribe", "order-updates").load()
Upserter("main.sales.audit", "id").start(updates)  # want: LL302 "the stream into main.sales.audit makes one or more commits each time the job runs"
Upserter("main.sales.audit", "id").start_each(updates)  # want: LL302 "the stream into main.sales.audit"
Upserter("main.sales.elsewhere", "id").start_each(updates)

# values nobody knows here: silent
cols = spark.conf.get("lake.partitions").split(",")
TableWriter("main.web.any", cols).write(events)
TableWriter(spark.conf.get("lake.table"), ["event_date"]).stream(clicks)
