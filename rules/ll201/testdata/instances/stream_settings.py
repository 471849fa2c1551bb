"""Stream settings kept on instances: dataclass fields, __init__ defaults, field() and Field()."""
from dataclasses import dataclass, field
from functools import lru_cache

from pydantic import BaseModel, Field


@dataclass
class StreamConf:
    trigger: str = "5 seconds"
    slow: str = "10 minutes"


CONF = StreamConf()
CALM = StreamConf(trigger="15 minutes")


class InitConf:
    def __init__(self, interval="4 seconds"):
        self.interval = interval


ICONF = InitConf()


def quick():
    return "3 seconds"


@dataclass
class FieldConf:
    trigger: str = field(default="6 seconds")
    lazy: str = field(default_factory=lambda: "7 seconds")
    made: str = field(default_factory=quick)
    calm: str = field(default="20 minutes")


class ModelConf(BaseModel):
    trigger: str = Field(default="8 seconds")
    positional: str = Field("9 seconds")
    calm: str = Field(default="30 minutes")


class Job:
    """The trigger's keywords built in __init__ from its parameter."""

    def __init__(self, trigger_interval="10 minutes"):
        self.trigger = {"processingTime": trigger_interval}

    def run(self, df):
        df.writeStream.trigger(**self.trigger).toTable("main.raw.job")


class FastJob:
    """A short default, reported once, here, for every instance given none."""

    def __init__(self, trigger_interval="10 seconds"):  # want: LL201 "`10 seconds` passed to a stream into main.raw.fast_job"
        self.trigger = {"processingTime": trigger_interval}

    def run(self, df):
        df.writeStream.trigger(**self.trigger).toTable("main.raw.fast_job")


def get_conf():
    """A factory: each call makes an instance with the class's defaults."""
    return StreamConf()


@lru_cache
def cached_conf():
    return StreamConf(trigger="2 seconds")


def calm_conf():
    return StreamConf(trigger="15 minutes")


def either_conf(calm):
    if calm:
        return StreamConf(trigger="15 minutes")
    return StreamConf()
