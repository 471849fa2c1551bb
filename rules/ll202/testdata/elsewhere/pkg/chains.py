"""Writer helpers that call writer helpers of another module."""
from pkg.base import every_hour, maybe_now


def hourly_merged(w):
    return every_hour(w.option("mergeSchema", "true"))


def appended(w, flag):
    return maybe_now(w.outputMode("append"), flag)


def appended_now(w):
    return maybe_now(w.outputMode("append"), True)


def now_after(w):
    return maybe_now(w.option("a", "b"), False).trigger(availableNow=True)
