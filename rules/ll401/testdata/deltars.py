# delta-rs vacuum: retention_hours is the first parameter
from deltalake import DeltaTable

dt = DeltaTable("s3://lake/events")
dt.vacuum(retention_hours=0, enforce_retention_duration=False, dry_run=False)  # want: LL401 "retains 0 hours"
dt.vacuum(12, dry_run=False)  # want: LL401 "retains 12 hours"
dt.vacuum(retention_hours=200, dry_run=False)
dt.vacuum()
dt.vacuum(retention_hours=None, dry_run=False)
