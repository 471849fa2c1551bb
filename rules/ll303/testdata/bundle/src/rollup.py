"""Run by the ingest job on the same cluster as load.py."""
spark.table("main.lake.events").groupBy("day").count().write.format("delta").mode("overwrite").saveAsTable("main.lake.daily")
