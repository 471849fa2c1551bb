"""Triggers kept on settings objects: class attributes read through self, cls and the class."""


class Bronze:
    trig = {"processingTime": "1 second"}  # want: LL201 "passed to a stream into main.raw.bronze"

    def run(self, df):
        df.writeStream.trigger(**self.trig).option("checkpointLocation", "/chk/b").toTable("main.raw.bronze")


class Silver:
    interval = "5 seconds"

    @classmethod
    def run(cls, df):
        df.writeStream.trigger(processingTime=cls.interval).toTable("main.raw.silver")  # want: LL201 "on the stream into main.raw.silver"


# near misses: an instance that sets the attribute itself, a static method's
# first parameter, and a long interval
class Gold:
    interval = "1 second"

    def __init__(self, interval):
        self.interval = interval

    def run(self, df):
        df.writeStream.trigger(processingTime=self.interval).toTable("main.raw.gold")


class Helpers:
    trig = {"processingTime": "1 second"}

    @staticmethod
    def run(settings, df):
        df.writeStream.trigger(**settings.trig).toTable("main.raw.helpers")


class Slow:
    trig = {"processingTime": "10 minutes"}

    def run(self, df):
        df.writeStream.trigger(**self.trig).toTable("main.raw.slow")
