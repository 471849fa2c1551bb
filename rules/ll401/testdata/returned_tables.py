# A DeltaTable a helper returns is the table the call names.
from delta.tables import DeltaTable
from deltalake import DeltaTable as RsTable

EVENTS = "/mnt/lake/events"


def _table(path):
    return DeltaTable.forPath(spark, path)


def get_delta_table(name, spark=None):
    return DeltaTable.forName(spark, name)


def open_rs(uri, storage_options=None):
    return RsTable(uri, storage_options=storage_options)


_table(EVENTS).vacuum(0)  # want: LL401 "/mnt/lake/events"
dt = get_delta_table("main.sales.orders")
dt.vacuum(1)  # want: LL401 "main.sales.orders"
rs = open_rs("s3://lake/clicks")
rs.vacuum(retention_hours=0, enforce_retention_duration=False, dry_run=False)  # want: LL401 "s3://lake/clicks"

# near misses: enough retention; a helper whose table is not its parameter's
_table(EVENTS).vacuum(200)
get_delta_table("main.sales.orders").vacuum()


def fixed():
    return DeltaTable.forName(spark, "main.sales.fixed")


fixed().vacuum(2)  # want: LL401 "main.sales.fixed"
