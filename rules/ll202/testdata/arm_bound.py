"""A stream builder bound on one arm of an if and started after it."""
from pyspark.sql import functions as F

events = spark.readStream.format("kafka").option("subscribe", "alerts").load()
if "candidate" in events.columns:
    query = (events.writeStream.format("parquet")
             .option("checkpointLocation", "/chk/alerts").option("path", "/lake/alerts"))
query.start()  # want: LL202 "the stream into /lake/alerts sets no trigger"

# near miss: bound before the if too, so which stream starts depends on the way: not judged
other = events.writeStream.format("console")
if "candidate" in events.columns:
    other = events.writeStream.format("parquet").option("path", "/lake/other")
other.start()
