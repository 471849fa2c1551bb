"""A file sink takes only the append output mode: complete or update there
fails when the query starts, so that stream writes no file at all."""
counts = spark.readStream.table("main.raw.clicks").groupBy("page").count()
clicks = spark.readStream.table("main.raw.clicks")

(clicks.writeStream.format("parquet").outputMode("append")
    .option("checkpointLocation", "/chk/a")
    .trigger(processingTime="10 seconds")  # want: LL201 "`10 seconds` on the stream into /lake/clicks_a"
    .start("/lake/clicks_a"))

(counts.writeStream.format("delta").outputMode("complete")
    .option("checkpointLocation", "/chk/b")
    .trigger(processingTime="10 seconds")  # want: LL201 "`10 seconds` on the stream into /lake/counts_delta"
    .start("/lake/counts_delta"))

# near misses: Spark refuses these queries (a file sink in complete or update mode)
(counts.writeStream.format("parquet").outputMode("complete")
    .option("checkpointLocation", "/chk/c")
    .trigger(processingTime="10 seconds")
    .start("/lake/counts_c"))

(counts.writeStream.format("json").outputMode("update")
    .option("path", "/lake/counts_d")
    .option("checkpointLocation", "/chk/d")
    .trigger(processingTime="10 seconds")
    .start())
