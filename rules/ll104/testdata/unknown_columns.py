# Partition columns the code does not know: whatever they are, a file-format
# write that nothing repartitions makes a file per task per partition.
import json

settings = json.load(open("export.json"))
orders = spark.read.table("main.sales.orders")

by = settings["partition_cols"]
orders.write.mode("append").partitionBy(*by).parquet("/mnt/export/orders")  # want: LL104 "parquet write by `\*by`"


class NightlyExport:
    def __init__(self, source, target, partition_by):
        self.source = source
        self.target = target
        self.partition_by = partition_by

    def run(self):
        frame = spark.read.table(self.source).where("amount > 0")
        frame.write.format("orc").partitionBy(self.partition_by).save(self.target)  # want: LL104 "orc write by `self.partition_by`"


def export_with_options(options):
    opts = dict(options)
    part = opts.pop("partitionBy", None)
    writer = spark.read.table("main.sales.refunds").write.format("csv")
    if part:
        writer = writer.partitionBy(part)  # want: LL104 "csv write by `part`"
    writer.save("/mnt/export/refunds")


# near misses
# a repartition on the way, by any columns or to a count
orders.repartition(*by).write.partitionBy(*by).parquet("/mnt/export/shuffled")
orders.repartition(32).write.partitionBy(*by).parquet("/mnt/export/counted")
# the ways meet before the write: one of them may repartition
staged = orders.repartition(*by) if settings.get("shuffle") else orders
staged.write.partitionBy(*by).parquet("/mnt/export/either")
# Delta on an unknown platform: optimized writes may shuffle it
orders.write.format("delta").partitionBy(*by).save("/mnt/export/delta")


# a helper given the DataFrame, or the columns, is judged at its calls,
# where both are known or neither is
def save_partitioned(df, cols, path):
    df.write.partitionBy(*cols).parquet(path)


def save_table_by(cols, path):
    spark.read.table("main.sales.orders").write.partitionBy(*cols).parquet(path)


save_table_by(pick_columns(), "/mnt/export/picked")
save_partitioned(orders.repartition(*by), by, "/mnt/export/helper")
