"""Weekly maintenance through the SQL helpers."""
from lib.maint import optimize, vacuum, vacuum_now, vacuum_schema

vacuum("main.web.events", 0)  # want: LL401 "main.web.events"
vacuum("main.web.sessions")
vacuum("main.web.daily", hours=336)
vacuum_now("main.web.clicks")
vacuum_now("main.web.users")
optimize("main.web.orders", 1)  # want: LL401 "main.web.orders"
optimize("main.web.orders", 200)
vacuum_schema("main.web", 0)
vacuum(spark.conf.get("lake.table"), 0)  # want: LL401 "VACUUM of the target retains 0 hours"
vacuum(spark.conf.get("lake.table"), spark.conf.get("lake.hours"))
