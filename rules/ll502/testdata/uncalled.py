def tune(spark):
    spark.conf.set("spark.databricks.delta.optimizeWrite.enable", "true")  # want: LL502 "optimizeWrite.enabled"
