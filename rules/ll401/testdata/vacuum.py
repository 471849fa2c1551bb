from delta.tables import DeltaTable

HOURS = 24
table = DeltaTable.forName(spark, "main.sales.events")
table.vacuum(1)  # want: LL401 "retains 1 hours"
table.vacuum(HOURS)  # want: LL401
DeltaTable.forPath(spark, "/mnt/lake/events").vacuum(0)  # want: LL401
spark.sql("VACUUM main.sales.events RETAIN 48 HOURS")  # want: LL401

table.vacuum()
table.vacuum(168)
table.vacuum(720)
spark.sql("VACUUM main.sales.events")
spark.sql("VACUUM main.sales.events RETAIN 200 HOURS DRY RUN")
