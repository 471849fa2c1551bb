"""A SparkConf that a function of the same module builds and returns."""
from pyspark import SparkConf
from pyspark.sql import SparkSession


def make_conf():
    c = SparkConf()
    c.set("spark.databricks.delta.optimizeWrite.enabled", "true")
    return c


spark = SparkSession.builder.config(conf=make_conf()).getOrCreate()
spark.read.table("main.raw.a").repartition(8).write.mode("append").saveAsTable("main.ret.a")  # want: LL101 "set to true on line 8"
