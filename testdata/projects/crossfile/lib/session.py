def tune(spark):
    """Session settings every job shares."""
    spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")
