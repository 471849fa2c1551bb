"""writeStream.table(name): Databricks' alias of toTable is a table sink."""
views = spark.readStream.format("kafka").option("subscribe", "views").load()
spark.sql("CREATE TABLE IF NOT EXISTS main.web.alias_views (id BIGINT) USING DELTA")
spark.sql("CREATE TABLE IF NOT EXISTS main.web.alias_compacted (id BIGINT) USING DELTA TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'true')")

views.writeStream.trigger(processingTime="1 minute").table("main.web.alias_views")  # want: LL302 "main.web.alias_views"

# negative: the table compacts itself
views.writeStream.trigger(processingTime="1 minute").table("main.web.alias_compacted")
