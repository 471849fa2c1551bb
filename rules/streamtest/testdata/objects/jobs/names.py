"""Streams whose table names and triggers are built in a helper."""
from lib.names import stream_every, stream_into

clicks = spark.readStream.table("main.raw.clicks")
stream_into(clicks, "main")  # want: LL302 "the stream into main.sales.audit"
stream_into(clicks, "dev")
stream_into(clicks, "main", schema="web")
stream_into(clicks, spark.conf.get("lake.catalog"))
stream_every(clicks, "main.web.fast", 5)  # want: LL201 "a trigger of `5 seconds` passed to a stream into main.web.fast"
stream_every(clicks, "main.web.slow", secs=600)
stream_every(clicks, "main.web.default")
