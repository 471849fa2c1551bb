"""Daily load of the web tables."""
from dataclasses import dataclass

from config import EVENTS_TABLE, EVENT_PARTITIONS
from lib.io import write_table, write_single_file
from lib.session import get_spark


@dataclass
class OutputSpec:
    table: str
    partitions: list
    mode: str = "append"


spark = get_spark()
events = spark.read.table("main.raw.events")

write_table(events, EVENTS_TABLE, EVENT_PARTITIONS)
write_table(events, "main.web.sessions", ["session_id"])
write_table(events, table="main.web.daily", partition_cols=["event_date"], mode="overwrite")

spec = OutputSpec("main.web.users", partitions=["user_id"])
write_table(events, spec.table, spec.partitions, spec.mode)
good = OutputSpec("main.web.countries", ["country"])
write_table(events, good.table, good.partitions)

write_single_file(events, "/mnt/exports/events")
