from delta.tables import DeltaTable

DeltaTable.forName(spark, "main.sales.events").optimize().executeZOrderBy("event_date")  # want: LL404
DeltaTable.forName(spark, "main.sales.events").optimize().executeZOrderBy("customer_id")
