# A repartition or coalesce to a number of partitions that reaches the write
# decides how many tasks write: the write is not unshuffled (LL102 judges a
# single task). LL104 stays silent however the count reaches the write.
sales = spark.read.table("main.raw.sales")
out_path = "/mnt/export/sales"

sales.repartition(1).write.partitionBy("y", "d").parquet(out_path)
sales.coalesce(8).write.mode("append").partitionBy("sale_date").parquet(out_path)
sales.repartition(16, "region").select("a", "sale_date").write.partitionBy("sale_date").parquet(out_path)

# through a variable
few = sales.coalesce(4)
kept = few.filter("amount > 0")
kept.write.partitionBy("sale_date").parquet(out_path)

# through a helper that returns the DataFrame


def narrowed(df):
    return df.coalesce(2)


narrowed(sales).write.partitionBy("sale_date").parquet(out_path)

# through a helper's parameter: every call passes a counted DataFrame


def save_by_day(df, target):
    df.write.partitionBy("sale_date").parquet(target)


save_by_day(sales.coalesce(1), out_path)
save_by_day(sales.repartition(32), out_path)

# through a branch: one way repartitions, the other does not


def export(df, single):
    if single:
        df = df.repartition(1)
    df.write.partitionBy("sale_date").parquet(out_path)


frame = spark.read.table("main.raw.returns")
if frame.isEmpty():
    frame = frame.coalesce(1)
frame.write.partitionBy("return_date").parquet(out_path)

# near misses: the count does not reach the write, or there is none
sales.write.partitionBy("sale_date").parquet(out_path)  # want: LL104
sales.repartition(8).groupBy("sale_date", "region").count().write.partitionBy("sale_date").parquet(out_path)  # want: LL104
sales.repartition("region").write.partitionBy("sale_date").parquet(out_path)  # want: LL104
other = spark.read.table("main.raw.refunds")
if other.isEmpty():
    other = other.filter("amount > 0")
other.write.partitionBy("refund_date").parquet(out_path)  # want: LL104
# a conditional expression is two ways that meet: a count on one of them counts
narrow = sales.coalesce(4) if backfill else sales
narrow.write.partitionBy("sale_date").parquet(out_path)
wide = sales.filter("amount > 0") if backfill else sales
wide.write.partitionBy("sale_date").parquet(out_path)  # want: LL104
