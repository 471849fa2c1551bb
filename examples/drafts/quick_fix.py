# A half-finished draft committed by mistake: lakelint reports the syntax error
# and still reads what it can.
fixes = spark.read.table("main.raw.fixes")
fixes.coalesce(1).write.saveAsTable("main.ops.fixes"  # unclosed call
spark.conf.set("spark.sql.shuffle.partitions", "8")  # noqa: LL501
