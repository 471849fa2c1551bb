clicks = spark.readStream.table("main.raw.clicks")
clicks.writeStream.trigger(processingTime="30 seconds").toTable("main.web.clicks_live")  # want: LL201 "up to 2,880 commits a day \(86,400 s / 30 s\) \(measured on main.web.clicks_live: 2,880 commits a day, a median of 4 files per commit\)"
clicks.writeStream.trigger(processingTime="30 seconds").toTable("main.web.no_stats")  # want: LL201 "30 s\), each adding"
