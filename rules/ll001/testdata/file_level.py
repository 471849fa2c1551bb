# want: LL001 # lakelint: noqa: LL102
# A file-level suppression of a code that never fires here — é, 日本
spark.conf.set("spark.sql.shuffle.partitions", "64")
