# delta-rs and Polars writes are partitioned writes too
from deltalake import write_deltalake
import polars as pl

write_deltalake("s3://lake/events", events, partition_by=["user_id"], mode="append")  # want: LL103
write_deltalake("s3://lake/daily", events, partition_by=["event_date"], mode="append")
write_deltalake("s3://lake/plain", events, mode="append")
frame.write_delta("s3://lake/pl", mode="append", delta_write_options={"partition_by": ["session_id"]})  # want: LL103
frame.write_delta("s3://lake/pl_daily", mode="append", delta_write_options={"partition_by": ["day"]})
