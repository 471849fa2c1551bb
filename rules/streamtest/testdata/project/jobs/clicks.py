"""Clicks into the web tables, through the shared helper."""
from lib.streams import write_slowly, write_stream, write_untimed

clicks = spark.readStream.table("main.raw.clicks")
write_stream(clicks, "main.web.clicks", "/chk/clicks")  # want: LL302 "main.web.clicks"
write_stream(clicks, "main.web.clicks_fast", "/chk/fast", trigger="5 seconds")  # want: LL201 "a trigger of `5 seconds` passed to a stream into main.web.clicks_fast means up to 17,280"
write_slowly(clicks, "main.web.clicks_slow")
write_untimed(clicks, "/mnt/lake/clicks_copy")
