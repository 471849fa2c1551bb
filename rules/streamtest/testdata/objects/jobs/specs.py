"""Loads described by spec dataclasses from another module."""
from lib.specs import OutputSpec, write_spec, write_to

events = spark.read.table("main.raw.events")
users = OutputSpec("main.web.users", ["user_id"])  # want: LL103 "user_id"
write_to(events, users.table, users.partitions)
write_spec(events, OutputSpec(table="main.web.sessions", partitions=["session_id"]))  # want: LL103 "session_id"
countries = OutputSpec("main.web.countries", ["country"])
write_to(events, countries.table, countries.partitions)
write_spec(events, countries)
