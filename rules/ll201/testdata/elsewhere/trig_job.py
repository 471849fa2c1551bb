"""Triggers given as **dicts defined in another module."""
import lib.trigs as lt
from lib.trigs import CALM, NOW, TRIG, BatchConf, FastConf
from other import LATER

events = spark.readStream.table("main.raw.events")
events.writeStream.trigger(**TRIG).toTable("main.raw.k1")  # want: LL201 "`5 seconds` on the stream into main.raw.k1"
events.writeStream.trigger(**lt.TRIG).toTable("main.raw.k2")  # want: LL201 "`5 seconds` on the stream into main.raw.k2"
events.writeStream.trigger(**FastConf.trig).toTable("main.raw.k3")  # want: LL201 "`1 second` on the stream into main.raw.k3"
cf = FastConf()
events.writeStream.trigger(**cf.trig).toTable("main.raw.k4")  # want: LL201 "`1 second` on the stream into main.raw.k4"


def start(df):
    df.writeStream.trigger(**TRIG).toTable("main.raw.k5")  # want: LL201 "`5 seconds` on the stream into main.raw.k5"


def run(df, trig, table):
    df.writeStream.trigger(**trig).toTable(table)


run(events, TRIG, "main.raw.k6")  # want: LL201 "`5 seconds` passed to a stream into main.raw.k6"
LOCAL = {"processingTime": "2 seconds"}  # want: LL201 "`2 seconds` passed to a stream into main.raw.k7"
run(events, LOCAL, "main.raw.k7")


# near misses: a long interval, availableNow, and a dict outside the project
events.writeStream.trigger(**CALM).toTable("main.raw.n1")
events.writeStream.trigger(**NOW).toTable("main.raw.n2")
events.writeStream.trigger(**BatchConf.trig).toTable("main.raw.n3")
events.writeStream.trigger(**LATER).toTable("main.raw.n4")
run(events, CALM, "main.raw.n5")
run(events, {"availableNow": True}, "main.raw.n6")
