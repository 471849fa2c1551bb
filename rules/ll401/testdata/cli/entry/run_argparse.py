"""An argparse script: the parsed namespace holds each argument's default."""
import argparse

from delta.tables import DeltaTable
from pyspark.sql import SparkSession

from jobs import maintenance

parser = argparse.ArgumentParser()
parser.add_argument("--table", default="main.ops.clicks")
parser.add_argument("--retention-hours", type=float, default=24)  # want: LL401 "VACUUM of main.ops.clicks retains 24 hours \(the default of --retention-hours; the VACUUM is on line 18\)"
parser.add_argument("-k", "--keep", dest="keep_hours", type=int, default=2)  # want: LL401 "VACUUM of main.ops.views retains 2 hours \(the default of --keep; the VACUUM is on line 19\)"
parser.add_argument("--long", type=int, default=720)
parser.add_argument("--hours", type=int, required=True)
args = parser.parse_args()

spark = SparkSession.builder.getOrCreate()
DeltaTable.forName(spark, args.table).vacuum(args.retention_hours)
spark.sql(f"VACUUM main.ops.views RETAIN {args.keep_hours} HOURS")
maintenance.vacuum_all(spark, ["/mnt/lake/a"], args.retention_hours)

# near misses: a default long enough, a required argument
spark.sql(f"VACUUM main.ops.views RETAIN {args.long} HOURS")
DeltaTable.forName(spark, "main.ops.views").vacuum(args.hours)
