"""Typer commands: an option's default in the parameter's default or beside Annotated."""
from typing import Annotated

import typer
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

app = typer.Typer()


@app.command()
def vacuum(table: str, hours: float = typer.Option(24, "--retain")):  # want: LL401 "VACUUM of the table given as `table` retains 24 hours \(the default of --retain; the VACUUM is on line 14\)"
    spark = SparkSession.builder.getOrCreate()
    DeltaTable.forName(spark, table).vacuum(hours)


@app.command()
def annotated(hours: Annotated[float, typer.Option()] = 6):  # want: LL401 "VACUUM of main.ops.audit retains 6 hours \(the default of --hours; the VACUUM is on line 20\)"
    spark = SparkSession.builder.getOrCreate()
    DeltaTable.forName(spark, "main.ops.audit").vacuum(hours)


# near misses: a required option (...), a default long enough
@app.command()
def required(hours: float = typer.Option(...)):
    spark = SparkSession.builder.getOrCreate()
    DeltaTable.forName(spark, "main.ops.audit").vacuum(hours)


@app.command()
def weekly(hours: float = typer.Option(default=168)):
    spark = SparkSession.builder.getOrCreate()
    DeltaTable.forName(spark, "main.ops.audit").vacuum(hours)
