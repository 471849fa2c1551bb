"""Table maintenance helpers."""
from delta.tables import DeltaTable


def vacuum_table(spark, table, hours=168):
    DeltaTable.forName(spark, table).vacuum(hours)


def zorder_table(spark, table, *cols):
    DeltaTable.forName(spark, table).optimize().executeZOrderBy(*cols)


def allow_short_retention(spark):
    spark.conf.set("spark.databricks.delta.retentionDurationCheck.enabled", "false")


def never_called(spark):
    # a setting in a function nobody calls sets nothing
    spark.conf.set("spark.sql.adaptive.enabled", "false")
