events = spark.readStream.table("main.raw.clicks")

# no schedule names this file, and a micro-batch's files are known: the files a day still are
(events.coalesce(1).writeStream.format("delta")
    .trigger(processingTime="30 seconds")  # want: LL201 "or trigger at least every 1 minute; at 1 file a micro-batch, up to 2,880 files a day$"
    .toTable("main.web.clicks_one"))
