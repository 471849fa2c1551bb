"""The open-source Delta quick start's session."""
from delta import configure_spark_with_delta_pip
from pyspark.sql import SparkSession


def get_spark():
    builder = SparkSession.builder.appName("seethrough")
    return configure_spark_with_delta_pip(builder).getOrCreate()
