from pyspark import SparkConf

SPARK_CONF = SparkConf().setAll([
    ("spark.sql.catalog.warehouse", "org.apache.iceberg.spark.SparkCatalog"),
    ("spark.databricks.delta.optimizeWrite.enabled", "true"),
])

DELTA = {"spark.databricks.delta.optimizeWrite.enabled": "true"}

UNUSED = {"spark.sql.adaptive.enabled": "false"}


def load_settings():
    return SparkConf()
