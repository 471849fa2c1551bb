"""A Kafka-to-Delta job: each table's path is computed at run time, and one
variable gives it to the helper that creates the table and to the one that
streams into it (the MERGE of each micro-batch)."""
import sys

from delta import DeltaTable


def create_table(spark, path):
    DeltaTable.createIfNotExists(spark).location(path).addColumn("id", "BIGINT").execute()


def upsert(spark, path, batch):
    DeltaTable.forPath(spark, path).alias("t").merge(batch.alias("s"), "t.id = s.id").whenNotMatchedInsertAll().execute()  # want: LL406 "the table at `table_path` is written often \(up to 17,280 commits a day, a foreachBatch function of a stream with a trigger of 5 seconds\) and never compacted.*run OPTIMIZE delta.`<the path in table_path>`"


def run_stream(spark, path, seconds):
    (spark.readStream.format("kafka").load()
        .writeStream.trigger(processingTime=f"{seconds} seconds")
        .foreachBatch(lambda df, _: upsert(spark, path, df))
        .start())


def run_once(spark, path):
    (spark.readStream.format("kafka").load()
        .writeStream.trigger(availableNow=True)
        .foreachBatch(lambda df, _: upsert(spark, path, df))
        .start())


for name in sys.argv[2:]:
    table_path = f"{sys.argv[1]}/{name}"
    create_table(spark, table_path)
    run_stream(spark, table_path, 5)

# near miss: a stream run with availableNow writes when it is run, not often
for name in sys.argv[2:]:
    backfill_path = f"{sys.argv[1]}/backfill/{name}"
    create_table(spark, backfill_path)
    run_once(spark, backfill_path)
