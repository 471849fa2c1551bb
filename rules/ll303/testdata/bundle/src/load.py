"""Run by two tasks of the ingest job and by the submit job: the settings of
their clusters and of conf/spark-defaults.conf are reported there, once, and
not here."""
df = spark.read.table("raw.events")
df.write.format("delta").mode("append").saveAsTable("main.lake.events")
