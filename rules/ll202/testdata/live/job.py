clicks = spark.readStream.table("main.raw.clicks")
clicks.writeStream.toTable("main.web.untimed_live")  # want: LL202 "sets no trigger, so a micro-batch starts as soon as the previous one ends \(measured on main.web.untimed_live: 17,280 commits a day, a median of 1 file per commit\)"
