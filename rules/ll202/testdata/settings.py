"""Sinks whose format is a class setting."""


class DeltaSink:
    fmt = "delta"

    def save(self, df):
        df.writeStream.format(self.fmt).option("checkpointLocation", "/chk/d").start("/mnt/lake/d")  # want: LL202


# near misses: a foreign sink named by the setting, a trigger from the settings
class KafkaSink:
    fmt = "kafka"

    def save(self, df):
        df.writeStream.format(self.fmt).option("topic", "out").start()


class Scheduled:
    fmt = "delta"
    trig = {"availableNow": True}

    def save(self, df):
        df.writeStream.format(self.fmt).trigger(**self.trig).start("/mnt/lake/s")
