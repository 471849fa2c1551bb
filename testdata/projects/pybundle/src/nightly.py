spark.range(1).write.mode("append").saveAsTable("main.x.nightly")
