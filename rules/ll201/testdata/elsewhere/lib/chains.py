"""Writer helpers that call the helpers of lib.triggers."""
from lib.triggers import every_second, hourly


def merged_every_second(w):
    return every_second(w.option("mergeSchema", "true"))


def merged_hourly(w):
    return hourly(w.option("mergeSchema", "true"))


def calmed(w):
    return every_second(w.format("delta")).trigger(processingTime="30 minutes")
