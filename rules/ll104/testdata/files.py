daily = spark.read.table("main.raw.daily")
path = "/mnt/lake/events"

daily.write.mode("append").partitionBy("event_date", "country").parquet(path)  # want: LL104
daily.write.format("orc").partitionBy("event_date").save(path)  # want: LL104

# negatives
out = daily.repartition(200)
out.write.partitionBy("event_date").parquet(path)
daily.repartition("event_date", "country").write.mode("append").partitionBy("event_date", "country").parquet(path)
daily.repartition("event_date").write.partitionBy("event_date", "country").parquet(path)
daily.write.partitionBy("event_date").format("delta").save(path)
daily.write.partitionBy("event_date").saveAsTable("main.lake.events")
daily.write.parquet(path)
