spark.conf.set("spark.databricks.delta.autoCompact.enabled", "true")
events = spark.readStream.table("main.raw.events")
events.writeStream.toTable("main.web.clicks")
