"""Writer helpers whose trigger interval is a parameter, imported by interval_job.py."""


def every(w, interval):
    return w.trigger(processingTime=interval)


def every_default(w, interval="4 seconds"):
    return w.trigger(processingTime=interval)
