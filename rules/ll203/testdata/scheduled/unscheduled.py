events = spark.readStream.table("main.raw.clicks")
events.writeStream.format("delta").trigger(continuous="1 second").toTable("main.web.clicks_other")  # want: LL203 "or trigger\(availableNow=True\)$"
