"""Table maintenance helpers."""
from delta.tables import DeltaTable


def vacuum_table(spark, table, hours=168):
    DeltaTable.forName(spark, table).vacuum(hours)


def zorder_table(spark, table, *cols):
    DeltaTable.forName(spark, table).optimize().executeZOrderBy(*cols)


def allow_short_retention(spark):
    spark.conf.set("spark.databricks.delta.retentionDurationCheck.enabled", "false")


def never_called(spark):
    # nothing in the project calls it, but a job elsewhere may: judged where it is written
    spark.conf.set("spark.sql.adaptive.enabled", "false")
