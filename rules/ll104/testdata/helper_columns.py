# Partition columns a call names, held on objects or passed to a writer helper.


def persist_to_storage(df, fmt, path, partition_col):
    writer = df.write.format(fmt).mode("append")
    writer.partitionBy(partition_col).save(path)


class FeatureGroup:
    def __init__(self, name, partition_key):
        self.name = name
        self.partition_key = partition_key

    def save(self, df):
        persist_to_storage(df, "parquet", "/mnt/features/" + self.name, self.partition_key)


events = spark.read.table("main.raw.events")
daily = FeatureGroup("daily", "event_date")

persist_to_storage(events, "parquet", "/mnt/out/by_day", "event_date")  # want: LL104 "by event_date"
persist_to_storage(events, "orc", "/mnt/out/by_region", "region")  # want: LL104 "orc write .*by region"
persist_to_storage(events, "parquet", "/mnt/out/by_key", daily.partition_key)  # want: LL104 "by event_date"
daily.save(events)  # want: LL104 "by event_date"
events.write.partitionBy(daily.partition_key).parquet("/mnt/out/direct")  # want: LL104 "by event_date"

# near misses: the column is not known, or the rows are shuffled by it first
persist_to_storage(events, "parquet", "/mnt/out/unknown", pick_column())
FeatureGroup("later", pick_column()).save(events)
persist_to_storage(events.repartition("event_date"), "parquet", "/mnt/out/shuffled", "event_date")
persist_to_storage(events, "delta", "/mnt/out/delta", "event_date")


# a helper that reads its own table and shuffles by the column it is given
def stage_by(spark, view, date_col, target, ext="csv"):
    writer = spark.table(view).repartition(date_col).write.mode("overwrite").partitionBy(date_col)
    if ext == "csv":
        writer.option("header", "false").csv(target)
    else:
        writer.parquet(target)


def stage_unshuffled(spark, view, date_col, target):
    spark.table(view).write.partitionBy(date_col).parquet(target)


def stage_by_other(spark, view, key_col, date_col, target):
    spark.table(view).repartition(key_col).write.partitionBy(date_col).parquet(target)


stage_unshuffled(spark, "v", "_pdate", "/mnt/stage/plain")  # want: LL104 "helper this call runs\) without a shuffle by _pdate"
stage_by(spark, view="v", date_col="_pdate", target="/mnt/stage/csv")
stage_by(spark, "v", "_pdate", "/mnt/stage/parquet", ext="parquet")
# a shuffle by a column the helper takes from its caller is not followed to the call: not reported
stage_by_other(spark, "v", "account_id", "_pdate", "/mnt/stage/other")


# a helper that partitions only when its caller names a column
def export_maybe_partitioned(df, path, by=None):
    writer = df.write.mode("overwrite")
    if by:
        writer = writer.partitionBy(by)
    writer.parquet(path)


export_maybe_partitioned(events, "/mnt/out/maybe", by="event_date")  # want: LL104 "by event_date"
export_maybe_partitioned(events, "/mnt/out/flat")
export_maybe_partitioned(events.repartition("event_date"), "/mnt/out/maybe_shuffled", by="event_date")
