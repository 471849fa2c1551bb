def compacting(spark):
    spark.conf.set("spark.databricks.delta.autoCompact.enabled", "true")


def not_compacting(spark):
    spark.conf.set("spark.databricks.delta.autoCompact.enabled", "false")
