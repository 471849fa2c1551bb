"""Triggers set on writers that a helper made from a DataFrame."""


def create_stream_writer(df, checkpoint):
    return df.writeStream.format("delta").option("checkpointLocation", checkpoint)


def fast_writer(df, checkpoint):
    return df.writeStream.option("checkpointLocation", checkpoint).trigger(processingTime="2 seconds")  # want: LL201 "`2 seconds` on the stream into main.raw.b"


def run(spark):
    events = spark.readStream.table("main.raw.events")
    create_stream_writer(events, "/chk/a").trigger(processingTime="5 seconds").toTable("main.raw.a")  # want: LL201 "`5 seconds`"
    fast_writer(events, "/chk/b").toTable("main.raw.b")  # reported at the helper's trigger
    # near misses: a trigger of ten minutes, or once a run
    create_stream_writer(events, "/chk/c").trigger(processingTime="10 minutes").toTable("main.raw.c")
    fast_writer(events, "/chk/d").trigger(availableNow=True).toTable("main.raw.d")
