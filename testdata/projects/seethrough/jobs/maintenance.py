"""Weekly maintenance, through the helpers and delta-rs."""
from databricks.connect import DatabricksSession
from deltalake import DeltaTable as RsTable

from config import RETAIN_HOURS, SAFE_HOURS
from lib import maintenance
from lib.maintenance import allow_short_retention, vacuum_table

spark = DatabricksSession.builder.serverless().getOrCreate()

allow_short_retention(spark)
vacuum_table(spark, "main.web.events", RETAIN_HOURS)
vacuum_table(spark, "main.web.sessions")
vacuum_table(spark, "main.web.daily", SAFE_HOURS)
maintenance.zorder_table(spark, "main.web.daily", "event_date")
maintenance.zorder_table(spark, "main.web.daily", "user_id")

RsTable("s3://lake/clicks").vacuum(retention_hours=0, enforce_retention_duration=False, dry_run=False)
RsTable("s3://lake/clicks").vacuum(retention_hours=240, dry_run=False)
