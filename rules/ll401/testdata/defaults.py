"""VACUUM in helpers whose table comes from a parameter's default."""
from delta.tables import DeltaTable


def compact(spark, table="main.sales.orders"):
    spark.sql(f"VACUUM {table} RETAIN 0 HOURS")  # want: LL401 "VACUUM of main.sales.orders and main.sales.returns retains 0 hours"


def clean(spark, name="main.sales.daily", hours=1):  # want: LL401 "VACUUM of main.sales.daily retains 1 hours"
    DeltaTable.forName(spark, name).vacuum(hours)


def short(spark, table):
    spark.sql(f"VACUUM {table} RETAIN 2 HOURS")  # want: LL401 "VACUUM of the table given as `table` retains 2 hours"


def compact_all(spark):
    compact(spark)
    compact(spark, "main.sales.returns")
    clean(spark)


# near misses: a default that is long enough, a call that passes one
def keep(spark, table="main.sales.kept", hours=200):
    spark.sql(f"VACUUM {table} RETAIN {hours} HOURS")


def keep_all(spark):
    keep(spark)
    keep(spark, "main.sales.other")
    clean(spark, hours=336)
