"""Another job: its stream's path is one variable too, and nothing names
its table; the OPTIMIZE in ingest.py of a table not known here may be of
it (a maintenance job's path computed at run time), so it is left alone."""
import sys

clicks_path = sys.argv[1] + "/clicks"
events.writeStream.format("delta").trigger(processingTime="10 seconds").start(clicks_path)
