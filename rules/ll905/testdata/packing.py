# the session packs more into a read task: 1 GB splits make files of about 200 MB
spark.conf.set("spark.sql.files.maxPartitionBytes", "1g")
spark.read.table("main.raw.clicks").filter("x > 1").write.saveAsTable("main.web.packed")

# smaller splits than the default: still small
spark.conf.set("spark.sql.files.maxPartitionBytes", 67108864)
spark.read.table("main.raw.clicks").filter("x > 1").write.saveAsTable("main.web.split64")  # want: LL905 "11 MB at most"
