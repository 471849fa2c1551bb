"""Session settings that functions build and return, imported by the jobs."""
from pyspark import SparkConf


def optimized_conf():
    c = SparkConf()
    c.set("spark.databricks.delta.optimizeWrite.enabled", "true")
    return c


def optimized_map():
    return {"spark.databricks.delta.optimizeWrite.enabled": "true"}


def conf_for(optimize):
    c = SparkConf()
    c.set("spark.databricks.delta.optimizeWrite.enabled", optimize)
    return c


def plain_conf():
    return SparkConf().setAppName("plain")
