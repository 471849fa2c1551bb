"""Output specs as dataclasses, imported by the jobs."""
from dataclasses import dataclass


@dataclass
class OutputSpec:
    table: str
    partitions: list
    mode: str = "append"


def write_spec(df, spec):
    df.write.mode(spec.mode).partitionBy(*spec.partitions).saveAsTable(spec.table)


def write_to(df, table, cols):
    df.write.mode("append").partitionBy(*cols).saveAsTable(table)
