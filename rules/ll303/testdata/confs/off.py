"""SparkConfs that functions build and return, imported by returned.py."""
from pyspark import SparkConf


def off_conf():
    c = SparkConf()
    c.set("spark.databricks.delta.optimizeWrite.enabled", "false")
    return c


def on_conf():
    return SparkConf().set("spark.databricks.delta.optimizeWrite.enabled", "true")
