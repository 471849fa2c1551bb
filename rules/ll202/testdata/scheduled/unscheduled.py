events = spark.readStream.table("main.raw.clicks")
events.writeStream.format("delta").toTable("main.web.clicks_other")  # want: LL202 "run it with trigger\(availableNow=True\) on a schedule$"
