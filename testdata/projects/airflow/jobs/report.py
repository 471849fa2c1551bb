spark.read.table("lake.events").write.mode("overwrite").saveAsTable("lake.report")
