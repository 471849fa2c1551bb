df = spark.read.table("main.raw.events")
df.write.saveAsTable("main.sales.events")  # want: LL001 # noqa: LL102
spark.conf.set("spark.sql.adaptive.enabled", "false")  # noqa: LL501
spark.conf.set("spark.sql.shuffle.partitions", "8")  # want: LL001 # noqa
