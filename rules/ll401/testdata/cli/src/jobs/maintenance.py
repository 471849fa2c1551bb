"""Maintenance helpers that the command-line entry points call."""
from delta.tables import DeltaTable
from deltalake import DeltaTable as RsTable


def maintain(spark, paths, retention_hours: float = 24):  # want: LL401 "retains 24 hours \(the default of `retention_hours`; the VACUUM is on line 12\)"
    vacuum_all(spark, paths, retention_hours)


def vacuum_all(spark, paths, retention_hours):
    for path in paths:
        DeltaTable.forPath(spark, path).vacuum(retention_hours)


# near misses: a default long enough, a short default no call leaves in
# place (its caller passes 336), a default of None, a delta-rs dry run
def keep_long(spark, paths, hours=336):
    for path in paths:
        DeltaTable.forPath(spark, path).vacuum(hours)


def passed_long(spark, path, hours=12):
    DeltaTable.forPath(spark, path).vacuum(hours)


def maybe(spark, path, hours=None):
    DeltaTable.forPath(spark, path).vacuum(hours)


def list_only(uri, hours=0):
    RsTable(uri).vacuum(retention_hours=hours)
