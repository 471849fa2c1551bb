"""Partition columns and table names read from settings instances of other modules."""
import sys

from sinks import Sink
from table_conf import CALM, KEPT, TableConf, calm_conf, table_conf

visits = spark.read.table("main.raw.visits")
Sink(TableConf()).write(visits)  # want: LL103 "`visitor_id` of main.web.visits"
Sink(KEPT).write(visits)  # want: LL103 "`visitor_id` of main.web.kept"
visits.write.partitionBy(KEPT.partition_col).saveAsTable(KEPT.table)  # want: LL103 "`visitor_id` of main.web.kept"
Sink(TableConf(table="main.web.by_visitor")).write(visits)  # want: LL103 "`visitor_id` of main.web.by_visitor"
# near misses: a date column, given or kept, and a column not known here
Sink(CALM).write(visits)
Sink(TableConf(partition_col="visit_date")).write(visits)
Sink(TableConf(partition_col=sys.argv[1])).write(visits)
visits.write.partitionBy(CALM.partition_col).saveAsTable(CALM.table)
# the settings a function returns: its class's defaults, or what it gives them
made = table_conf()
visits.write.partitionBy(made.partition_col).saveAsTable(made.table)  # want: LL103 "`visitor_id` of main.web.visits"
visits.write.partitionBy(calm_conf().partition_col).saveAsTable(calm_conf().table)
