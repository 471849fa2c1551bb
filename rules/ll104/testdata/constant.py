import datetime

from pyspark.sql import functions as F

now = datetime.datetime.now()
landed = spark.read.json("s3://landing/sheets/")

# every partition column given one value: the run fills one partition
stamped = (landed.withColumn("import_year", F.lit(str(now.year)))
    .withColumn("import_date", F.lit(now.strftime("%Y%m%d")))
    .withColumn("load_day", F.to_date(F.lit(now.date())))
    .withColumn("loaded", F.current_date().cast("string")))
stamped.write.mode("append").partitionBy("import_year", "import_date").parquet("s3://raw/sheets/")
stamped.write.mode("append").partitionBy("load_day", "loaded").parquet("s3://raw/sheets2/")

# one column of the data beside the constant: rows of many values per task
stamped.write.mode("append").partitionBy("import_date", "region").parquet("s3://raw/sheets3/")  # want: LL104
# a column of the data named as a constant was
relabelled = stamped.withColumn("import_date", F.col("source_date"))
relabelled.write.mode("append").partitionBy("import_date").parquet("s3://raw/sheets4/")  # want: LL104

# the constants given by withColumns or named with alias in a select
many = landed.withColumns({"import_day": F.lit(now.day), "source": F.col("origin")})
many.write.mode("append").partitionBy("import_day").parquet("s3://raw/sheets5/")
picked = landed.select("*", F.current_date().alias("load_date"), F.lit("web").name("channel"))
picked.write.mode("append").partitionBy("load_date", "channel").parquet("s3://raw/sheets6/")
# near misses: a dict value of the data, a selected column of the data
many.write.mode("append").partitionBy("source").parquet("s3://raw/sheets7/")  # want: LL104
landed.select("*", F.col("ts").cast("date").alias("load_date")).write.mode("append").partitionBy("load_date").parquet("s3://raw/sheets8/")  # want: LL104
