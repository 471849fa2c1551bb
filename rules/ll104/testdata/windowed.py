from pyspark.sql import Window
from pyspark.sql import functions as F

runs = spark.read.parquet("s3://raw/runs/")

# a column computed over a window partitioned by the partition columns
# shuffles each value's rows into one task: one file per directory
by_day = Window.partitionBy("submission_date").orderBy(F.desc("ts"))
latest = runs.withColumn("rn", F.row_number().over(by_day)).filter("rn = 1").drop("rn")
latest.write.mode("append").partitionBy("submission_date").parquet("s3://lake/latest/")

# the windowed column kept in a variable, then selected, with an alias
rank = F.rank().over(Window.partitionBy("client", "day").orderBy("ts")).alias("rank")
ranked = runs.select("client", "day", "ts", rank)
ranked.write.mode("append").partitionBy("day", "client").parquet("s3://lake/ranked/")

# nested in an expression
w = Window.partitionBy("day")
shares = runs.withColumn("share", F.col("n") / F.sum("n").over(w))
shares.write.mode("append").partitionBy("day").parquet("s3://lake/shares/")

# a window of a spec given by the caller may be by the partition column
def dedupe(df, spec):
    return df.withColumn("rn", F.row_number().over(spec))

dedupe(runs, make_spec()).write.mode("append").partitionBy("day").parquet("s3://lake/given/")

# a window with no partitionBy moves every row to one task
ordered = runs.withColumn("seq", F.row_number().over(Window.orderBy("ts")))
ordered.write.mode("append").partitionBy("day").parquet("s3://lake/ordered/")

# a window by another column: the rows of one day sit in many tasks
by_client = Window.partitionBy("client")
other = runs.withColumn("rn", F.row_number().over(by_client))
other.write.mode("append").partitionBy("day").parquet("s3://lake/other/")  # want: LL104 "without a shuffle by day"

# a plain withColumn stays narrow: nothing shuffles
plain = runs.withColumn("n2", F.col("n") * 2)
plain.write.mode("append").partitionBy("day").parquet("s3://lake/plain/")  # want: LL104

# a window over rows a repartition clustered by some of its columns adds no
# shuffle: the repartition decides (here by a count, then by the day itself)
per_run = Window.partitionBy("day", "run_id").orderBy("ts")
ranged = runs.repartitionByRange(4096, "day", "run_id").withColumn("rn", F.row_number().over(per_run)).filter("rn = 1")
ranged.write.mode("overwrite").partitionBy("day").orc("s3://lake/ranged/")
by_day = runs.repartition("day").withColumn("rn", F.row_number().over(per_run))
by_day.write.mode("append").partitionBy("day").parquet("s3://lake/by_day/")
# near misses: repartitioned by a column the window does not cluster by, or round robin
elsewhere = runs.repartition("client").withColumn("rn", F.row_number().over(per_run))
elsewhere.write.mode("append").partitionBy("day").parquet("s3://lake/elsewhere/")  # want: LL104 "without a shuffle by day"
robin = runs.repartition(64).withColumn("rn", F.row_number().over(per_run))
robin.write.mode("append").partitionBy("day").parquet("s3://lake/robin/")  # want: LL104 "without a shuffle by day"
