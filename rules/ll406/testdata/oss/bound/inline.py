"""The table created and streamed into in one function, its path one local
variable computed at run time."""
import sys

from delta import DeltaTable


def clicks(spark, events):
    target = sys.argv[1] + "/clicks"
    DeltaTable.createIfNotExists(spark).location(target).addColumn("id", "BIGINT").execute()
    events.writeStream.format("delta").trigger(processingTime="10 seconds").start(target)  # want: LL406 "the table at `target` is written often \(up to 8,640 commits a day, a trigger of 10 seconds\)"


def two(spark, events):
    # near miss: a and b are two tables; a's definition turns auto
    # compaction on for a alone, so the stream into b is reported and the
    # one into a is not
    root = sys.argv[1]
    a = f"{root}/x"
    b = f"{root}/y"
    DeltaTable.createIfNotExists(spark).location(a).addColumn("id", "BIGINT").property("delta.autoOptimize.autoCompact", "true").execute()
    events.writeStream.format("delta").trigger(processingTime="10 seconds").start(b)  # want: LL406 "the table at `b` is written often"
    events.writeStream.format("delta").trigger(processingTime="10 seconds").start(a)


def rebound(spark, events):
    # near miss: path is bound twice, so no binding names one table: the
    # stream's table is not known, and is not reported
    path = sys.argv[1] + "/a"
    DeltaTable.createIfNotExists(spark).location(path).addColumn("id", "BIGINT").execute()
    path = sys.argv[1] + "/b"
    events.writeStream.format("delta").trigger(processingTime="10 seconds").start(path)
