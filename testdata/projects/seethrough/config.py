"""Names and settings of the pipeline."""
EVENTS_TABLE = "main.web.events"
EVENT_PARTITIONS = ["event_date"]
RETAIN_HOURS = 24
SAFE_HOURS = 336
