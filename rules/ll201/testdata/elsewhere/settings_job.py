"""Triggers read from settings classes of another module."""
import lib.settings as ls
from lib.settings import Calm, CalmProps, Props, StreamConf, Tuned

events = spark.readStream.table("main.raw.events")
events.writeStream.trigger(processingTime=StreamConf.interval).toTable("main.raw.s1")  # want: LL201 "`1 second` on the stream into main.raw.s1"
events.writeStream.trigger(processingTime=ls.StreamConf.interval).toTable("main.raw.s2")  # want: LL201 "`1 second` on the stream into main.raw.s2"
sc = StreamConf()
events.writeStream.trigger(processingTime=sc.interval).toTable("main.raw.s3")  # want: LL201 "`1 second` on the stream into main.raw.s3"


def start(df, settings):
    df.writeStream.trigger(processingTime=settings.interval).toTable("main.raw.s4")


start(events, StreamConf())  # want: LL201 "`1 second` passed to a stream into main.raw.s4"
# near misses: a long interval, and an instance that sets the attribute itself
events.writeStream.trigger(processingTime=Calm.interval).toTable("main.raw.s5")
start(events, Calm())
t = Tuned("30 minutes")
events.writeStream.trigger(processingTime=t.interval).toTable("main.raw.s6")


# a parameter named conf is a settings object when the code reads its
# attributes, and still the session's conf for conf.set(...)
def start_with(df, conf):
    df.writeStream.trigger(processingTime=conf.interval).toTable("main.raw.s7")


def relay(df, conf):
    start_with(df, conf)


start_with(events, StreamConf())  # want: LL201 "`1 second` passed to a stream into main.raw.s7"
relay(events, StreamConf())  # want: LL201 "`1 second` passed to a stream into main.raw.s7"
start_with(events, Calm())

# a module variable named conf holding a settings object is that object
conf = StreamConf()
events.writeStream.trigger(processingTime=conf.interval).toTable("main.raw.s8")  # want: LL201 "`1 second` on the stream into main.raw.s8"

# properties that give a setting, read on another module's instances
start(events, Props())  # want: LL201 "`2 seconds` passed to a stream into main.raw.s4"
props = Props()
events.writeStream.trigger(processingTime=props.interval).toTable("main.raw.s9")  # want: LL201 "`2 seconds` on the stream into main.raw.s9"
events.writeStream.trigger(**props.trig).toTable("main.raw.s10")  # want: LL201 "`3 seconds` on the stream into main.raw.s10"
start(events, CalmProps())
