from pyspark.sql import functions as F

docs = spark.read.json("s3://raw/docs/")

# an aggregation grouped by the partition columns, or by some of them,
# shuffles each value into one task: one file per directory
counts = docs.groupBy("ns", "doc_type").count()
counts.write.mode("overwrite").partitionBy("ns", "doc_type").parquet("s3://lake/counts/")
sums = docs.groupby("ns").agg(F.sum("size").alias("size")).withColumn("day", F.current_date())
sums.write.mode("overwrite").partitionBy("ns", "day").parquet("s3://lake/sums/")
firsts = docs.dropDuplicates(["ns"]).select("ns", "doc_id")
firsts.write.mode("overwrite").partitionBy("ns").parquet("s3://lake/firsts/")

# grouped by more than the partition columns: rows of one value spread over tasks
wide = docs.groupBy("ns", "doc_id").count()
wide.write.mode("overwrite").partitionBy("ns").parquet("s3://lake/wide/")  # want: LL104 "without a shuffle by ns"
deduped = docs.dropDuplicates()
deduped.write.mode("overwrite").partitionBy("ns").parquet("s3://lake/deduped/")  # want: LL104
# a join after the aggregation reshapes the rows again
joined = docs.groupBy("ns").count().join(docs, "doc_id")
joined.write.mode("overwrite").partitionBy("ns").parquet("s3://lake/joined/")  # want: LL104

# columns from a list known whole, splatted
KEYS = ["ns"]
keyed = docs.groupBy(*KEYS).count()
keyed.write.mode("overwrite").partitionBy(*KEYS).parquet("s3://lake/keyed/")
docs.write.mode("overwrite").partitionBy(*KEYS).parquet("s3://lake/unkeyed/")  # want: LL104 "without a shuffle by ns"

# columns not known where they are written: a grouping on the way may be by them
given = settings["keys"]
by_given = docs.groupBy(*given).count()
by_given.write.mode("overwrite").partitionBy(*given).parquet("s3://lake/given/")
