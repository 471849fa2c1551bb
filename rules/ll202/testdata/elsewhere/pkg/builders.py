"""Helpers that make a writer from the DataFrame they are given."""


def create_stream_writer(df, checkpoint, name):
    return df.writeStream.format("delta").option("checkpointLocation", checkpoint).queryName(name)


def scheduled_writer(df, checkpoint):
    return df.writeStream.option("checkpointLocation", checkpoint).trigger(availableNow=True)


def cleaned(df):
    return df.dropDuplicates(["id"])


def batch_writer(df):
    return df.write.format("delta").mode("append")
