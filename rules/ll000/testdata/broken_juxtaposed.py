# Two expressions side by side (a missing dot): Python reports the error on
# the line of the second one, not at the end of the file — é, 日本.
events = spark.read.table("main.raw.events")
events.write.mode("append") saveAsTable("main.web.events_juxtaposed")  # want: LL000
events.count()
