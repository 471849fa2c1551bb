"""Writer helpers and a settings class the jobs import."""
from pyspark.sql.streaming import DataStreamWriter


def with_checkpoint(w: DataStreamWriter, name) -> DataStreamWriter:
    return w.format("delta").option("checkpointLocation", "/chk/" + name)


def scheduled(w):
    return w.outputMode("append").trigger(availableNow=True)


def maybe_scheduled(w, backfill):
    if backfill:
        w = w.trigger(availableNow=True)
    return w


def chained(w):
    return scheduled(w.option("mergeSchema", "true"))


def chained_checkpoint(w, name):
    return with_checkpoint(w.outputMode("append"), name)


class StreamSettings:
    def __init__(self, batch):
        self.batch = batch

    def configure(self, w):
        if not self.batch:
            w = w.trigger(availableNow=True)
        return w


def describe(w):
    print(w)
