events = spark.readStream.table("main.raw.clicks")

# four files a micro-batch: the files a day are known
(events.repartition(4).writeStream.format("delta")
    .trigger(processingTime="10 seconds")  # want: LL201 "up to 8,640 commits a day .*; at 4 files a micro-batch, up to 34,560 files a day; DAG `clicks` \(.*streams.py:4\) starts it every hour$"
    .toTable("main.web.clicks"))

# the files of a micro-batch are not known: only the job that starts it
(events.writeStream.format("delta")
    .trigger(processingTime="5 seconds")  # want: LL201 "or trigger at least every 1 minute; DAG `clicks` \(.*streams.py:4\) starts it every hour$"
    .toTable("main.web.clicks_all"))
