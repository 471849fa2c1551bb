from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
clicks = spark.readStream.table("main.web.clicks_raw")

# no trigger: a micro-batch as soon as the previous one ends
clicks.writeStream.option("checkpointLocation", "/mnt/cp/a").toTable("main.web.clicks_bronze")  # want: LL903 "main.web.clicks_bronze: 100 streaming commits added a median of 3 files of 38 KB each \(under 32 MB\): the stream sets no trigger"

# a backfill into the same table is not where the small commits come from: silent
spark.read.table("main.web.clicks_archive").write.mode("append").saveAsTable("main.web.clicks_bronze")

# no bytes in the metrics: judged by rows per file
(
    clicks.writeStream.trigger(processingTime="10 seconds")
    .option("checkpointLocation", "/mnt/cp/b")
    .toTable("main.web.sessions")  # want: LL903 "main.web.sessions: 50 streaming commits added a median of 8 files for 400 rows: a trigger of 10 seconds is too frequent"
)

# scheduled, with auto compaction off in the table's properties
(
    clicks.writeStream.trigger(availableNow=True)
    .option("checkpointLocation", "/mnt/cp/c")
    .toTable("main.web.pageviews")  # want: LL903 "each run still commits small files; run it less often and turn auto compaction back on \(the table's properties disable it\)"
)

# healthy, too young to judge, no stats: silent
clicks.writeStream.trigger(processingTime="5 minutes").toTable("main.web.healthy")
clicks.writeStream.toTable("main.web.young")
clicks.writeStream.toTable("main.web.unknown")
