from delta.tables import DeltaTable

DeltaTable.forName(spark, "main.sales.events").optimize().where("customer_id = 1").executeCompaction()  # want: LL403
DeltaTable.forName(spark, "main.sales.events").optimize().where("event_date = '2024-01-01'").executeCompaction()
