"""Streams whose writers methods of another module's class make."""
import pkg.sinks as sk
from pkg.sinks import Sinks


def run(events):
    Sinks().writer(events, "/chk/a").toTable("main.sink.a")  # want: LL202 "main.sink.a sets no trigger,"
    sk.Sinks("/x").writer(events, "/chk/b").toTable("main.sink.b")  # want: LL202 "main.sink.b sets no trigger,"
    s = Sinks()
    w = s.writer(events, "/chk/c")
    w.start("/mnt/sink/c")  # want: LL202 "/mnt/sink/c sets no trigger,"
    # near misses: the method or the caller sets the trigger, the method
    # returns a DataFrame, the class is not the project's
    s.scheduled(events).toTable("main.sink.d")
    Sinks().writer(events, "/chk/e").trigger(availableNow=True).toTable("main.sink.e")
    s.cleaned(events).writeStream.trigger(availableNow=True).toTable("main.sink.f")
    Elsewhere().writer(events, "/chk/g").toTable("main.sink.g")
