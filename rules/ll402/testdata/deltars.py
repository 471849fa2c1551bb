# delta-rs switches the retention check off per call
from deltalake import DeltaTable

dt = DeltaTable("s3://lake/events")
dt.vacuum(retention_hours=0, enforce_retention_duration=False, dry_run=False)  # want: LL402
dt.vacuum(retention_hours=0, enforce_retention_duration=False)
dt.vacuum(retention_hours=200, enforce_retention_duration=True, dry_run=False)
