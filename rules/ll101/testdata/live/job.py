events = spark.read.table("main.raw.events")
events.repartition(8).write.mode("append").saveAsTable("main.live.events")  # want: LL101 "live table's properties"
events.repartition(8).write.mode("append").saveAsTable("main.live.clustered")
