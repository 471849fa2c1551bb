"""Trigger keywords that a settings method returns, overridden by subclasses."""


class Base:
    def trigger_kwargs(self):
        return {"availableNow": True}


class Fast(Base):
    def trigger_kwargs(self):
        return {"processingTime": "5 seconds"}  # want: LL201 "`5 seconds` passed to a stream into main.raw.k1"


class Same(Base):
    pass


class Conf:
    @staticmethod
    def eager():
        return {"processingTime": "2 seconds"}  # want: LL201 "`2 seconds` passed to a stream into main.raw.k4"

    @staticmethod
    def calm():
        return {"processingTime": "1 hour"}


def every_second():
    return {"processingTime": "1 second"}  # want: LL201 "`1 second` passed to a stream into main.raw.k5"


def run(events, cfg):
    events.writeStream.trigger(**Fast().trigger_kwargs()).toTable("main.raw.k1")
    c = Fast()
    events.writeStream.trigger(**c.trigger_kwargs()).toTable("main.raw.k1")
    events.writeStream.trigger(**Conf.eager()).toTable("main.raw.k4")
    events.writeStream.trigger(**every_second()).toTable("main.raw.k5")
    # near misses: the base's method, a long interval, an instance whose
    # class is not known
    events.writeStream.trigger(**Same().trigger_kwargs()).toTable("main.raw.k2")
    events.writeStream.trigger(**Base().trigger_kwargs()).toTable("main.raw.k3")
    events.writeStream.trigger(**Conf.calm()).toTable("main.raw.k6")
    events.writeStream.trigger(**cfg.trigger_kwargs()).toTable("main.raw.k7")
