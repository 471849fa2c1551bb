"""Helpers the ingestion jobs share."""


def land_file(spark, path, table):
    """Load one landed JSON file into a bronze table."""
    spark.read.json(path).write.mode("append").saveAsTable(table)
