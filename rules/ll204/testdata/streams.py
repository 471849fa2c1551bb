"""Streams from tables that upserts.py rewrites, and from tables nobody rewrites."""
# positives
orders = spark.readStream.table("main.sales.orders")  # want: LL204 "main.sales.orders, which .*upserts.py MERGEs into"
customers = (spark.readStream
    .format("delta")
    .option("maxFilesPerTrigger", 100)
    .load("/mnt/lake/customers"))  # want: LL204
refunds = spark.readStream.option("skipChangeCommits", "false").table("main.sales.refunds")  # want: LL204

# negatives: the option set, other options that handle rewrites, tables not rewritten, other formats
quiet_a = spark.readStream.option("skipChangeCommits", "true").table("main.sales.orders")
quiet_b = spark.readStream.options(skipChangeCommits=True).table("main.sales.orders")
quiet_c = spark.readStream.option("readChangeFeed", "true").table("main.sales.orders")
quiet_d = spark.readStream.option("ignoreChanges", "true").table("main.sales.orders")
quiet_e = spark.readStream.option("skipChangeCommits", skip).table("main.sales.orders")
quiet_f = spark.readStream.table("main.sales.appended_only")
quiet_g = spark.readStream.format("cloudFiles").option("cloudFiles.format", "json").load("/mnt/lake/customers")
quiet_h = spark.read.table("main.sales.orders")
quiet_i = spark.readStream.table("main.sales.orders")  # noqa: LL204
