from delta.tables import DeltaTable

DeltaTable.forName(spark, "main.sales.events").optimize().executeCompaction()  # want: LL405 "MERGEs into it \(a foreachBatch function of a stream: once per micro-batch\)"
