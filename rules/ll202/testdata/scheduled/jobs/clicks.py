events = spark.readStream.table("main.raw.clicks")
events.writeStream.format("delta").toTable("main.web.clicks")  # want: LL202 "on a schedule; DAG `clicks` \(.*streams.py:4\) starts it every hour$"
