spark.read.table("lake.events").coalesce(1).write.mode("overwrite").saveAsTable("lake.events_compact")
