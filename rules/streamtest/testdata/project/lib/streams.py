"""Stream helpers shared by the jobs."""


def write_stream(df, table, checkpoint, trigger="10 seconds"):  # want: LL201 "a trigger of `10 seconds` passed to a stream means up to 8,640 commits a day"
    """Append a stream to a table."""
    return (
        df.writeStream
        .option("checkpointLocation", checkpoint)
        .trigger(processingTime=trigger)
        .toTable(table)
    )


def write_slowly(df, table, trigger="5 minutes"):
    return df.writeStream.trigger(processingTime=trigger).toTable(table)


def write_untimed(df, path):
    return df.writeStream.format("delta").start(path)  # want: LL202 "the stream into the target given as `path` sets no trigger"
