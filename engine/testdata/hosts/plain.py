label = "café — 日本"; spark.conf.set("spark.sql.adaptive.enabled", "false")
DeltaTable.forName(spark, "main.a.t").vacuum(12)
