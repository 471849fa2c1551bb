"""Streams whose writers helpers of another module make."""
import pkg.builders as b
from pkg.builders import batch_writer, cleaned, create_stream_writer, scheduled_writer


def upsert(batch_df, batch_id):
    batch_df.write.format("delta").mode("append").saveAsTable("main.raw.batches")


def run(spark, events):
    create_stream_writer(events, "/chk/a", "a").toTable("main.raw.a")  # want: LL202 "main.raw.a sets no trigger,"
    b.create_stream_writer(events, "/chk/b", "b").start("/mnt/raw/b")  # want: LL202 "/mnt/raw/b sets no trigger,"
    w = create_stream_writer(spark.readStream.table("main.raw.src"), "/chk/c", "c")
    w.toTable("main.raw.c")  # want: LL202 "main.raw.c sets no trigger,"
    create_stream_writer(events, "/chk/d", "d").foreachBatch(upsert).start()  # want: LL202 "through upsert. sets no trigger"
    # near misses: the caller or the helper sets the trigger, the helper
    # returns a DataFrame or a batch writer, the helper is not the project's
    create_stream_writer(events, "/chk/e", "e").trigger(availableNow=True).toTable("main.raw.e")
    b.scheduled_writer(events, "/chk/f").toTable("main.raw.f")
    cleaned(events).writeStream.trigger(availableNow=True).toTable("main.raw.g")
    batch_writer(events).option("mergeSchema", "true").toTable("main.raw.h")
    not_in_project(events).toTable("main.raw.i")
