from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
events = spark.read.json("/mnt/landing/web/")

events.write.mode("append").partitionBy("session_id").saveAsTable("main.web.events")  # want: LL902 "main.web.events has 48,210 partitions \(by session_id\), more than stats.max-partitions \(10,000\), and the median partition holds 1 MB in 1 file, far below the 32 MB a single file should reach: drop partitionBy and cluster the table instead \(liquid clustering: CLUSTER BY \(session_id\)\)"

# the table's partitioning comes from its live state, not from this write
events.write.mode("append").saveAsTable("main.web.daily")  # want: LL902 "main.web.daily has 1,240 partitions \(by event_date, country\), and the median partition holds 2.1 MB in 3 files.*: recreate the table with liquid clustering \(CLUSTER BY \(event_date, country\)\)"

# healthy, unpartitioned, partitions unknown (DESCRIBE DETAIL only), no stats: silent
events.write.mode("append").partitionBy("event_date").saveAsTable("main.web.healthy")
events.write.mode("append").saveAsTable("main.web.flat")
events.write.mode("append").saveAsTable("main.web.unknown_partitions")
events.write.mode("append").partitionBy("user_id").saveAsTable("main.web.unknown")
