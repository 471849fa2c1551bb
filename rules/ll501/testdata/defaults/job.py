"""conf/spark-defaults.conf switches adaptive execution off for this job: it is
reported there, at its line, once, and not at this write."""
spark.table("raw.events").groupBy("day").count().write.format("delta").mode("append").saveAsTable("main.lake.daily")
