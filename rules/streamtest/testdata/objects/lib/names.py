"""Helpers that build table names and intervals from their parameters."""


def stream_into(df, catalog, schema="sales"):
    return df.writeStream.trigger(availableNow=True).toTable(f"{catalog}.{schema}.audit")


def stream_every(df, table, secs=30):  # want: LL201 "a trigger of `30 seconds`"
    return df.writeStream.trigger(processingTime=f"{secs} seconds").toTable(table)
