"""Triggers read from settings instances another module keeps, or made here of its classes."""
import sys

from stream_settings import CALM, CONF, ICONF, FastJob, FieldConf, InitConf, Job, ModelConf, StreamConf

events = spark.readStream.table("main.raw.events")
# instances the settings module keeps
events.writeStream.trigger(processingTime=CONF.trigger).toTable("main.raw.i1")  # want: LL201 "`5 seconds` on the stream into main.raw.i1"
events.writeStream.trigger(processingTime=ICONF.interval).toTable("main.raw.i2")  # want: LL201 "`4 seconds` on the stream into main.raw.i2"
# instances made here of its classes
conf = StreamConf()
events.writeStream.trigger(processingTime=conf.trigger).toTable("main.raw.i3")  # want: LL201 "`5 seconds` on the stream into main.raw.i3"
init = InitConf()
events.writeStream.trigger(processingTime=init.interval).toTable("main.raw.i4")  # want: LL201 "`4 seconds` on the stream into main.raw.i4"
# defaults given by field() and pydantic's Field()
fc = FieldConf()
events.writeStream.trigger(processingTime=fc.trigger).toTable("main.raw.i5")  # want: LL201 "`6 seconds` on the stream into main.raw.i5"
events.writeStream.trigger(processingTime=fc.lazy).toTable("main.raw.i6")  # want: LL201 "`7 seconds` on the stream into main.raw.i6"
events.writeStream.trigger(processingTime=fc.made).toTable("main.raw.i7")  # want: LL201 "`3 seconds` on the stream into main.raw.i7"
mc = ModelConf()
events.writeStream.trigger(processingTime=mc.trigger).toTable("main.raw.i8")  # want: LL201 "`8 seconds` on the stream into main.raw.i8"
events.writeStream.trigger(processingTime=mc.positional).toTable("main.raw.i9")  # want: LL201 "`9 seconds` on the stream into main.raw.i9"
# the constructor's argument wins over the default, reported at the argument
fast = StreamConf(trigger="2 seconds")  # want: LL201 "`2 seconds` passed to a stream into main.raw.i10"
events.writeStream.trigger(processingTime=fast.trigger).toTable("main.raw.i10")


def start(df, settings):
    df.writeStream.trigger(processingTime=settings.trigger).toTable("main.raw.i11")


def start_kept(df):
    df.writeStream.trigger(processingTime=CONF.trigger).toTable("main.raw.i12")  # want: LL201 "`5 seconds` on the stream into main.raw.i12"


# an instance given to a function: the finding is at the instance
start(events, StreamConf())  # want: LL201 "`5 seconds` passed to a stream into main.raw.i11"
start(events, CONF)  # want: LL201 "`5 seconds` passed to a stream into main.raw.i11"
start_kept(events)
# trigger keywords __init__ builds from its parameter
Job(trigger_interval="2 seconds").run(events)  # want: LL201 "`2 seconds` passed to a stream into main.raw.job"
FastJob().run(events)

# near misses: long triggers, arguments not known here, and the classes of
# the same names in a module not imported
events.writeStream.trigger(processingTime=conf.slow).toTable("main.raw.n1")
events.writeStream.trigger(processingTime=CALM.trigger).toTable("main.raw.n2")
events.writeStream.trigger(processingTime=fc.calm).toTable("main.raw.n3")
events.writeStream.trigger(processingTime=mc.calm).toTable("main.raw.n4")
unknown = StreamConf(trigger=sys.argv[1])
events.writeStream.trigger(processingTime=unknown.trigger).toTable("main.raw.n5")
start(events, StreamConf(trigger=sys.argv[1]))
start(events, CALM)
Job().run(events)
Job(trigger_interval=sys.argv[1]).run(events)
Job(trigger_interval="20 minutes").run(events)
