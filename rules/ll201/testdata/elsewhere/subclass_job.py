"""Subclasses of another module's class that override the interval its method reads."""
from lib.triggers import Sink


class Eager(Sink):
    interval = "1 second"


class Patient(Sink):
    interval = "30 minutes"


events = spark.readStream.table("main.raw.events")
Eager().run(events, "main.raw.eager")  # want: LL201 "`1 second` passed to a stream into main.raw.eager"
# near misses: a long interval of its own, the base's
Patient().run(events, "main.raw.patient")
Sink().run(events, "main.raw.sink")
