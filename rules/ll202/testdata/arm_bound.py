"""A stream builder bound on one arm of an if and started after it."""
from pyspark.sql import functions as F

events = spark.readStream.format("kafka").option("subscribe", "alerts").load()
if "candidate" in events.columns:
    query = (events.writeStream.format("parquet")
             .option("checkpointLocation", "/chk/alerts").option("path", "/lake/alerts"))
query.start()  # want: LL202 "the stream into /lake/alerts sets no trigger"

# bound before the if too: each way's stream starts, and the file sink's has no trigger
other = events.writeStream.format("console")
if "candidate" in events.columns:
    other = events.writeStream.format("parquet").option("path", "/lake/other")
other.start()  # want: LL202 "the stream into /lake/other sets no trigger"

# two writers on two ways, started with a trigger on one way after them
if "candidate" in events.columns:
    q = events.writeStream.format("parquet").option("path", "/lake/raw")
else:
    q = events.writeStream.format("delta").option("path", "/lake/raw_delta")
if fast:
    q.trigger(processingTime="10 minutes").start()
else:
    q.start()  # want: LL202 "the stream into /lake/raw sets", LL202 "/lake/raw_delta sets no trigger"

# near miss: the console way only, and a trigger on both after the if
if "candidate" in events.columns:
    c = events.writeStream.format("console")
else:
    c = events.writeStream.format("memory").queryName("alerts")
c.start()
if "candidate" in events.columns:
    t = events.writeStream.format("parquet").option("path", "/lake/t1")
else:
    t = events.writeStream.format("parquet").option("path", "/lake/t2")
t.trigger(availableNow=True).start()
