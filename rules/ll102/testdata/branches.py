"""A single task reaches the write through ways of the code that only add narrow steps."""
one = spark.read.table("raw.events").coalesce(1)  # want: LL102 "all of /lake/one"
if flag:
    one = one.filter("amount > 0")
one.write.mode("append").parquet("/lake/one")

looped = spark.read.table("raw.events").repartition(1)  # want: LL102 "all of /lake/looped"
for c in ["a", "b"]:
    looped = looped.withColumn(c, looped[c].cast("int"))
looped.write.mode("append").parquet("/lake/looped")

# near misses: an arm that shuffles again, an arm that aggregates
again = spark.read.table("raw.events").coalesce(1)
if flag:
    again = again.repartition(64)
again.write.mode("append").parquet("/lake/again")

grouped = spark.read.table("raw.events").coalesce(1)
if flag:
    grouped = grouped.groupBy("k").count()
grouped.write.mode("append").parquet("/lake/grouped")
