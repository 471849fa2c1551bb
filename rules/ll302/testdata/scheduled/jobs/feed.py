from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
spark.sql("CREATE TABLE IF NOT EXISTS lake.feed (id BIGINT) USING DELTA TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'false')")
(spark.readStream.format("delta").table("lake.raw_feed")
    .writeStream.trigger(availableNow=True).option("checkpointLocation", "/chk/feed")
    .toTable("lake.feed"))  # want: LL302 "one or more commits each time the job runs, and the job runs every 15 minutes \(DAG `feed`"
