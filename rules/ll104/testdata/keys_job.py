from keys_lib import OPEN_KEYS, PARTITION_KEYS

landed = spark.read.json("s3://landing/events/")
# another module's list, splatted or not, names the columns
landed.write.mode("append").partitionBy(*PARTITION_KEYS).parquet("s3://raw/events/")  # want: LL104 "without a shuffle by import_year, import_month, import_day, import_date"
landed.write.mode("append").partitionBy(PARTITION_KEYS).parquet("s3://raw/events2/")  # want: LL104 "without a shuffle by import_year"
landed.repartition(*PARTITION_KEYS).write.mode("append").partitionBy(*PARTITION_KEYS).parquet("s3://raw/events3/")
# a list not known whole: its columns are not known
landed.write.mode("append").partitionBy(*OPEN_KEYS).parquet("s3://raw/events4/")  # want: LL104 "by `\*OPEN_KEYS`"
