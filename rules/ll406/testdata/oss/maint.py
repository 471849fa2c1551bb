"""Maintenance through the Python APIs."""
from delta.tables import DeltaTable as SparkDeltaTable
import deltalake

SparkDeltaTable.forPath(spark, "/mnt/lake/dt").optimize().executeCompaction()
deltalake.DeltaTable("/mnt/lake/rs").optimize.compact()
