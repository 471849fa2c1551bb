"""Settings classes of the same names, in a module the jobs do not import."""


class StreamConf:
    trigger = "1 second"
    slow = "1 second"


class Job:
    def __init__(self, trigger_interval="1 second"):
        self.trigger = {"processingTime": trigger_interval}

    def run(self, df):
        df.writeStream.trigger(**self.trigger).toTable("main.raw.other_job")
