"""A click command that vacuums with its options' defaults."""
import click
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

from jobs import maintenance


@click.command()
@click.option("--paths", required=True, multiple=True)
@click.option(
    "--retention-hours",
    required=False,
    type=float,
    default=24,  # want: LL401 "retains 24 hours \(the default of --retention-hours; the VACUUM is on line 12 of .*maintenance.py\)"
)
@click.option("--hours", "hours_to_keep", type=int, default=1)  # want: LL401 "VACUUM of main.ops.events retains 1 hours \(the default of --hours; the VACUUM is on line 36\)"
@click.option("--keep-hours", "keep", type=float, default=200)
@click.option("--short-hours", required=True, type=float)
@click.option("--maybe-hours", type=float, default=None)
def run(paths, retention_hours, hours_to_keep, keep, short_hours, maybe_hours):
    spark = SparkSession.builder.getOrCreate()
    maintenance.maintain(spark, paths, retention_hours=retention_hours)
    maintenance.keep_long(spark, paths, keep)
    for p in paths:
        maintenance.passed_long(spark, p, 336)
        maintenance.maybe(spark, p)
        maintenance.list_only(p)
    # near misses: an option that is required (no default), one whose
    # default is None, one long enough
    DeltaTable.forName(spark, "main.ops.required").vacuum(short_hours)
    DeltaTable.forName(spark, "main.ops.maybe").vacuum(maybe_hours)
    DeltaTable.forName(spark, "main.ops.kept").vacuum(keep)
    vacuum_events(spark, hours_to_keep)


def vacuum_events(spark, hours):
    DeltaTable.forName(spark, "main.ops.events").vacuum(hours)
