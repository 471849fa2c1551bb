"""Maintenance of tables that helpers of another module open."""
import os

from lib import tables
from lib.tables import audit_log, by_path, compact, get_table, keep, lake_table, open_rs, row_count
from platform_tools import open_table

ROOT = os.environ["LAKE_ROOT"]

get_table(spark, "main.s.t").vacuum(0)  # want: LL401 "VACUUM of main.s.t retains 0 hours"
dt = get_table(spark, "main.s.orders")
dt.vacuum(1)  # want: LL401 "VACUUM of main.s.orders retains 1 hours"
tables.by_path(spark, "/mnt/lake/events").vacuum(0)  # want: LL401 "VACUUM of /mnt/lake/events"
by_path(spark, ROOT + "/gold").vacuum(0)  # want: LL401 "the target given as `ROOT \+ \"/gold\"` retains"
lake_table(spark).vacuum(0)  # want: LL401 "the target given as `os.environ.\"LAKE_TABLE\".` retains"
audit_log(spark).vacuum(2)  # want: LL401 "VACUUM of main.ops.audit"
rs = open_rs("s3://lake/clicks")
rs.vacuum(retention_hours=0, enforce_retention_duration=False, dry_run=False)  # want: LL401 "VACUUM of s3://lake/clicks retains 0 hours"
compact(spark)  # the helper's default table, reported in the helper
compact(spark, "main.ops.returns")  # the helper's retention is wrong whatever the table: reported there

# near misses: enough retention, delta-rs's dry run, a helper that returns no
# table, one outside the project
get_table(spark, "main.s.t").vacuum(200)
open_rs("s3://lake/clicks").vacuum(retention_hours=0)
row_count(spark, "main.s.t").vacuum(0)
open_table(spark, "main.s.t").vacuum(0)
keep(spark)
keep(spark, "main.ops.other")
