"""Writer helpers whose branches set triggers from imported dicts."""
from lib.trig_consts import CALM, EAGER, NOW


def scheduled_or_eager(w, backfill):
    if backfill:
        w = w.trigger(**NOW)
    else:
        w = w.trigger(**EAGER)
    return w


def scheduled_or_calm(w, backfill):
    if backfill:
        w = w.trigger(**NOW)
    else:
        w = w.trigger(**CALM)
    return w
