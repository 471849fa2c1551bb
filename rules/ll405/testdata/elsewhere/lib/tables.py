"""Helpers that open Delta tables, imported by the job."""
from delta.tables import DeltaTable
from deltalake import DeltaTable as RsTable


def get_table(spark, name):
    return DeltaTable.forName(spark, name)


def open_rs(uri):
    return RsTable(uri)
