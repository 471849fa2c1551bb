"""Trigger helpers and settings classes the job imports."""


class Fast:
    interval = "1 second"

    def configure(self, w):
        return w.trigger(processingTime=self.interval)


def every_second(w):
    return w.trigger(processingTime="1 second")


def hourly(w):
    return w.trigger(processingTime="1 hour")


class Sink:
    interval = "10 minutes"

    def run(self, df, table):
        df.writeStream.trigger(processingTime=self.interval).toTable(table)
