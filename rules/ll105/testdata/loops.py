# Ingestion loops — é, 日本
import os

files = [os.path.join("/landing", f) for f in os.listdir("/landing")]

for path in files:  # want: LL105 "appends to main.raw.events on every iteration"
    spark.read.json(path).write.mode("append").saveAsTable("main.raw.events")

for path in files:  # want: LL105 "main.raw.clicks"
    df = spark.read.json(path)
    df.writeTo("main.raw.clicks").append()

i = 0
while i < 10:  # want: LL105 "for as long as the loop runs"
    spark.range(10).write.insertInto("main.raw.counters")
    i += 1

# a poller: its inputs arrive over time, so the advice is to batch, not to read at once
def poll_once():
    rows = fetch_new_rows()
    spark.createDataFrame(rows).write.mode("append").saveAsTable("main.raw.polled")

while True:  # want: LL105 "gather several iterations' rows"
    poll_once()
    time.sleep(30)

# a helper called in a loop repeats its append
def ingest(path):
    spark.read.json(path).write.mode("append").saveAsTable("main.raw.helper_events")

for path in files:  # want: LL105 "main.raw.helper_events"
    ingest(path)

# negatives: one table per item, one write after the loop, overwrites, streams
for name in ["orders", "customers", "items"]:
    spark.read.table(f"main.raw.{name}").write.mode("append").saveAsTable(f"main.bronze.{name}")

frames = []
for path in files:
    frames.append(spark.read.json(path))
spark.read.json(files).write.mode("append").saveAsTable("main.raw.events_once")

for path in files:
    spark.read.json(path).write.mode("overwrite").saveAsTable("main.raw.latest")

for topic in ["a", "b"]:
    spark.readStream.table("main.raw.src").writeStream.toTable("main.raw.stream")

for path in files:  # noqa: LL105
    spark.read.json(path).write.mode("append").saveAsTable("main.raw.kept")

ingest("/landing/one.json")
