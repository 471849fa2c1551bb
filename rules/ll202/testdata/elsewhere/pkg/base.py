"""Writer helpers that the helpers of writers.py build on."""
TRIG = {"availableNow": True}


def every_hour(w):
    return w.trigger(processingTime="1 hour")


def maybe_now(w, backfill):
    if backfill:
        w = w.trigger(**TRIG)
    return w
