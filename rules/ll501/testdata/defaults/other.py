"""A second file the same defaults apply to: still reported once."""
spark.table("raw.events").distinct().write.format("delta").mode("append").saveAsTable("main.lake.unique")
