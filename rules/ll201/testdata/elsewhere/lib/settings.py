"""Stream settings kept on classes, imported by the jobs."""


class StreamConf:
    interval = "1 second"


class Tuned:
    interval = "1 second"

    def __init__(self, interval):
        self.interval = interval


class Calm:
    interval = "15 minutes"


class Props:
    @property
    def interval(self):
        return "2 seconds"

    @property
    def trig(self):
        return {"processingTime": "3 seconds"}


class CalmProps:
    @property
    def interval(self):
        return "2 hours"
