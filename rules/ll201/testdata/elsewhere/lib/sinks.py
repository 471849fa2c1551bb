"""A class whose methods make writers from a DataFrame, imported by job.py."""


class Sinks:
    def fast(self, df):
        return df.writeStream.trigger(processingTime="1 second")

    def calm(self, df):
        return df.writeStream.trigger(processingTime="1 hour")
