# delta-rs Z-order of a table partitioned by a delta-rs write
from deltalake import DeltaTable, write_deltalake

write_deltalake("s3://lake/events", events, partition_by=["event_date"], mode="overwrite")
DeltaTable("s3://lake/events").optimize.z_order(["event_date"])  # want: LL404
DeltaTable("s3://lake/events").optimize.z_order(["user_id"])
DeltaTable("s3://lake/other").optimize.z_order(["event_date"])
