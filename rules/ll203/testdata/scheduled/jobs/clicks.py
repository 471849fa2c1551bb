events = spark.readStream.table("main.raw.clicks")
events.writeStream.format("delta").trigger(continuous="1 second").toTable("main.web.clicks")  # want: LL203 "or trigger\(availableNow=True\); DAG `clicks` \(.*streams.py:4\) starts it every hour$"
