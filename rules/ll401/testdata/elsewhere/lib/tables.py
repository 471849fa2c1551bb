"""Helpers that open Delta tables, imported by the job."""
import os

from delta.tables import DeltaTable
from deltalake import DeltaTable as RsTable


def get_table(spark, name):
    return DeltaTable.forName(spark, name)


def by_path(spark, path):
    return DeltaTable.forPath(spark, path)


def open_rs(uri, storage_options=None):
    return RsTable(uri, storage_options=storage_options)


def audit_log(spark):
    return DeltaTable.forName(spark, "main.ops.audit")


def lake_table(spark):
    return DeltaTable.forPath(spark, os.environ["LAKE_TABLE"])


def row_count(spark, name):
    return spark.table(name).count()


def compact(spark, table="main.ops.orders"):
    spark.sql(f"VACUUM {table} RETAIN 0 HOURS")  # want: LL401 "VACUUM of main.ops.orders retains 0 hours"


def keep(spark, table="main.ops.kept"):
    spark.sql(f"VACUUM {table} RETAIN 240 HOURS")
