"""A project whose maintenance job optimizes the table the stream writes,
its path one variable: the table is compacted."""
import sys

from delta import DeltaTable

events_path = sys.argv[1] + "/events"
DeltaTable.createIfNotExists(spark).location(events_path).addColumn("id", "BIGINT").execute()
events.writeStream.format("delta").trigger(processingTime="10 seconds").start(events_path)  # optimized below
DeltaTable.forPath(spark, events_path).optimize().executeCompaction()

# a table of a literal path is still judged on its own
events.writeStream.format("delta").trigger(processingTime="10 seconds").start("/mnt/lake/raw")  # want: LL406 "/mnt/lake/raw is written often"
