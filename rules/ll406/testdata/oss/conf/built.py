"""SparkConfs that functions build and return, imported by built_session.py."""
from pyspark import SparkConf


def compacting_conf():
    c = SparkConf()
    c.set("spark.databricks.delta.autoCompact.enabled", "true")
    return c


def plain_conf():
    return SparkConf().setAppName("plain")
