from pyspark.sql import functions as F

clicks = spark.read.table("main.raw.clicks")

# positives: a narrow copy of a table of small files
clicks.filter("country = 'DE'").select("ts", "url").write.mode("overwrite").saveAsTable("main.web.clicks_de")  # want: LL905 "copies main.raw.clicks \(40,000 files averaging 900 KB, under 32 MB\) through narrow transformations only \(filter\(\), select\(\)\)"
enriched = clicks.withColumn("day", F.to_date("ts"))
enriched.write.format("delta").mode("append").saveAsTable("main.web.clicks_daily")  # want: LL905 "each task writes the few files it read, 23 MB at most"
spark.table("main.raw.orders").write.mode("overwrite").saveAsTable("main.web.orders_copy")  # want: LL905 "through no transformation"

# negatives: a shuffle between the read and the write
clicks.groupBy("url").count().write.mode("overwrite").saveAsTable("main.web.url_counts")
clicks.join(spark.table("main.raw.orders"), "user_id").write.saveAsTable("main.web.joined")
clicks.distinct().write.saveAsTable("main.web.distinct_clicks")
clicks.orderBy("ts").write.saveAsTable("main.web.sorted_clicks")
clicks.repartition(64).write.saveAsTable("main.web.repartitioned")
clicks.coalesce(8).write.saveAsTable("main.web.coalesced")

# negatives: the source's files are big, few, or big enough once packed
spark.read.table("main.raw.big_files").filter("x > 1").write.saveAsTable("main.web.from_big")
spark.read.table("main.raw.few_files").filter("x > 1").write.saveAsTable("main.web.from_few")
spark.read.table("main.raw.mid_files").filter("x > 1").write.saveAsTable("main.web.from_mid")

# negative: no live stats for the source
spark.read.table("main.raw.unknown").filter("x > 1").write.saveAsTable("main.web.from_unknown")

# negative: a stream's files depend on its batches, not on the source's
spark.readStream.table("main.raw.clicks").filter("x > 1").writeStream.toTable("main.web.clicks_stream")
