spark.range(1).write.mode("append").saveAsTable("main.x.dlt_events")
