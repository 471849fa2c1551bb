from delta.tables import DeltaTable

day = "2025-11-30"
rows = spark.read.json(f"s3://raw/dch/{day}/")

# the day's rows deleted, then appended again: a replace, one file a day
DeltaTable.forName(spark, "main.traffic.dch").delete(f"day = '{day}'")
rows.coalesce(1).write.format("delta").mode("append").saveAsTable("main.traffic.dch")

spark.sql(f"DELETE FROM main.traffic.asn WHERE day = '{day}'")
rows.coalesce(1).write.format("delta").mode("append").saveAsTable("main.traffic.asn")

# appended before the delete, or to another table: rows pile up
rows.coalesce(1).write.format("delta").mode("append").saveAsTable("main.traffic.late")  # want: LL102
spark.sql("DELETE FROM main.traffic.late WHERE day < '2020-01-01'")
rows.coalesce(1).write.format("delta").mode("append").saveAsTable("main.traffic.kept")  # want: LL102
