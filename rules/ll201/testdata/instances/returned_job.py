"""Triggers read from the settings instance a function returns."""
import stream_settings
from stream_settings import StreamConf, cached_conf, calm_conf, either_conf, get_conf

events = spark.readStream.table("main.raw.events")
conf = get_conf()
events.writeStream.trigger(processingTime=conf.trigger).toTable("main.raw.ret1")  # want: LL201 "`5 seconds` on the stream into main.raw.ret1"
events.writeStream.trigger(processingTime=get_conf().trigger).toTable("main.raw.ret2")  # want: LL201 "`5 seconds` on the stream into main.raw.ret2"
events.writeStream.trigger(processingTime=stream_settings.get_conf().trigger).toTable("main.raw.ret3")  # want: LL201 "`5 seconds` on the stream into main.raw.ret3"
cached = cached_conf()
events.writeStream.trigger(processingTime=cached.trigger).toTable("main.raw.ret4")  # want: LL201 "`2 seconds` on the stream into main.raw.ret4"


def local_conf():
    return StreamConf()


mine = local_conf()
events.writeStream.trigger(processingTime=mine.trigger).toTable("main.raw.ret5")  # want: LL201 "`5 seconds` on the stream into main.raw.ret5"


def start(df):
    c = get_conf()
    df.writeStream.trigger(processingTime=c.trigger).toTable("main.raw.ret6")  # want: LL201 "`5 seconds` on the stream into main.raw.ret6"


start(events)

# near misses: a long trigger, returns that disagree, an instance changed
# after it was returned, a long attribute
events.writeStream.trigger(processingTime=calm_conf().trigger).toTable("main.raw.rn1")
events.writeStream.trigger(processingTime=either_conf(True).trigger).toTable("main.raw.rn2")
tuned = get_conf()
tuned.trigger = "30 minutes"
events.writeStream.trigger(processingTime=tuned.trigger).toTable("main.raw.rn3")
events.writeStream.trigger(processingTime=get_conf().slow).toTable("main.raw.rn4")
