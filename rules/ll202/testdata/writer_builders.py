"""Writers made from a DataFrame by a helper, which the caller finishes."""
from pyspark.sql import DataFrame


def create_stream_writer(df: DataFrame, checkpoint, name):
    return (
        df.writeStream.format("delta")
        .option("checkpointLocation", checkpoint)
        .queryName(name)
    )


def scheduled_writer(df, checkpoint):
    return df.writeStream.option("checkpointLocation", checkpoint).trigger(availableNow=True)


def writer_for(df, backfill):
    w = df.writeStream.format("delta")
    if backfill:
        w = w.trigger(availableNow=True)
    return w


def not_a_writer(df, checkpoint):
    return df.withColumn("checkpoint", checkpoint)


class Sinks:
    def __init__(self, root):
        self.root = root

    def writer(self, df, name):
        return df.writeStream.option("checkpointLocation", self.root + name)


def upsert(batch_df, batch_id):
    batch_df.write.format("delta").mode("append").saveAsTable("main.raw.batches")


def run(spark, flag):
    events = spark.readStream.table("main.raw.events")
    create_stream_writer(events, "/chk/a", "a").toTable("main.raw.a")  # want: LL202 "main.raw.a sets no trigger,"
    create_stream_writer(events, "/chk/b", "b").start("/mnt/raw/b")  # want: LL202 "/mnt/raw/b sets no trigger,"
    w = create_stream_writer(events.select("id"), "/chk/c", "c")
    w.toTable("main.raw.c")  # want: LL202 "main.raw.c sets no trigger,"
    writer_for(events, flag).toTable("main.raw.d")  # want: LL202 "when `backfill` is false"
    Sinks("/chk/").writer(events, "e").toTable("main.raw.e")  # want: LL202 "main.raw.e sets no trigger,"
    # the caller sinks each batch itself: the stream's writes are upsert's
    create_stream_writer(events, "/chk/i", "i").foreachBatch(upsert).start()  # want: LL202 "through upsert. sets no trigger"
    # near misses: the caller or the helper sets the trigger, the call takes
    # the branch that does, the helper returns a DataFrame
    create_stream_writer(events, "/chk/f", "f").trigger(availableNow=True).toTable("main.raw.f")
    scheduled_writer(events, "/chk/g").toTable("main.raw.g")
    writer_for(events, True).toTable("main.raw.h")
    create_stream_writer(events, "/chk/k", "k").foreachBatch(upsert).trigger(availableNow=True).start()
    not_a_writer(events, "/chk/j").writeStream.trigger(availableNow=True).toTable("main.raw.j")
