from returned_lib import add_timestamp_column, by_date, dated, few, landed, spread_out, stamped, with_dims
from vendor_helpers import enrich

events = spark.read.json("s3://landing/events/")

# a helper of another module that only adds a column: nothing shuffles
df = add_timestamp_column(events)
df.write.mode("append").partitionBy("import_date").parquet("s3://raw/stamped/")  # want: LL104 "by import_date"
# a helper that calls a helper of a third module
stamped(events).write.mode("append").partitionBy("day").parquet("s3://raw/chained/")  # want: LL104 "by day"
# helpers called one after the other
both = add_timestamp_column(events)
both = stamped(both.select("id", "day"))
both.write.mode("append").partitionBy("day").parquet("s3://raw/both/")  # want: LL104 "by day"
# a DataFrame the helper makes itself
landed(spark).write.mode("append").partitionBy("day").parquet("s3://raw/landed/")  # want: LL104 "by day"
# a join in the helper ends what came before it
with_dims(events.repartition("day"), dims).write.mode("append").partitionBy("day").parquet("s3://raw/dims/")  # want: LL104 "by day"


def save(frame, path):
    add_timestamp_column(frame).write.mode("append").partitionBy("import_date").parquet(path)  # want: LL104 "by import_date"


save(events, "s3://raw/saved/")
save(events.repartition("import_date"), "s3://raw/saved_shuffled/")

# near misses: the helper coalesces to a count, repartitions by the
# partition column, gives it one value, or is not the project's
few(events).write.mode("append").partitionBy("day").parquet("s3://raw/few/")
few(events).withColumn("n", F.lit(1)).write.mode("append").partitionBy("day").parquet("s3://raw/few2/")
by_date(events).write.mode("append").partitionBy("import_date").parquet("s3://raw/by_date/")
dated(events, "2025-01-01").write.mode("append").partitionBy("import_date").parquet("s3://raw/dated/")
enrich(events).write.mode("append").partitionBy("day").parquet("s3://raw/enriched/")
spread_out(events).write.mode("append").partitionBy("day").parquet("s3://raw/spread/")
stamped(events.repartition("day")).write.mode("append").partitionBy("day").parquet("s3://raw/chained_shuffled/")
