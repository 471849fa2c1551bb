"""Settings objects whose method branches on a flag the instance was made with."""
from dataclasses import dataclass


class StreamSettings:
    def __init__(self, batch):
        self.batch = batch

    def configure(self, w):
        if not self.batch:
            w = w.trigger(availableNow=True)
        return w

    def apply(self, w):
        if self.batch:
            w.trigger(availableNow=True)
        return w


@dataclass
class Conf:
    batch: bool = False

    def configure(self, w):
        if self.batch:
            w = w.trigger(availableNow=True)
        return w


def run(events, flag):
    StreamSettings(True).configure(events.writeStream.format("delta")).toTable("main.raw.a")  # want: LL202 "main.raw.a sets no trigger, so"
    StreamSettings(flag).configure(events.writeStream.format("delta")).toTable("main.raw.b")  # want: LL202 "when `self.batch` is true"
    s = StreamSettings(batch=False)
    w = events.writeStream.format("delta")
    s.apply(w)
    w.toTable("main.raw.c")  # want: LL202 "main.raw.c sets no trigger, so"
    Conf().configure(events.writeStream.format("delta")).toTable("main.raw.d")  # want: LL202 "main.raw.d sets no trigger, so"
    Conf(flag).configure(events.writeStream.format("delta")).toTable("main.raw.e")  # want: LL202 "when `self.batch` is false"
    # near misses: the flag the instance holds takes the branch that sets a trigger
    StreamSettings(False).configure(events.writeStream.format("delta")).toTable("main.raw.f")
    t = StreamSettings(batch=True)
    v = events.writeStream.format("delta")
    t.apply(v)
    v.toTable("main.raw.g")
    Conf(batch=True).configure(events.writeStream.format("delta")).toTable("main.raw.h")
    c = Conf(True)
    c.configure(events.writeStream.format("delta")).toTable("main.raw.i")
