"""Trigger keywords kept as dicts, in the module and on classes."""
TRIG = {"processingTime": "5 seconds"}
CALM = {"processingTime": "10 minutes"}
NOW = {"availableNow": True}


class FastConf:
    trig = {"processingTime": "1 second"}


class BatchConf:
    trig = {"availableNow": True}
