from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
clicks = spark.readStream.format("kafka").option("subscribe", "clicks").load()

(
    clicks.writeStream.format("delta")
    .option("checkpointLocation", "/mnt/checkpoints/clicks")
    .trigger(processingTime="5 seconds")
    .toTable("main.web.clicks_bronze")  # want: LL901 "main.web.clicks_bronze has 150 files with a median of 40 KB \(100% under 32 MB\), and none of its last 100 commits ran OPTIMIZE: this stream commits small files"
)

# the same stream on a schedule: compaction is what is left to suggest
spark.conf.set("spark.databricks.delta.autoCompact.enabled", "false")
(
    clicks.writeStream.format("delta")
    .option("checkpointLocation", "/mnt/checkpoints/clicks2")
    .trigger(availableNow=True)
    .toTable("main.web.clicks_bronze")  # want: LL901 "each run of this stream adds small files; turn auto compaction back on \(it is disabled on line 14\)"
)
