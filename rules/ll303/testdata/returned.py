"""Session settings from a SparkConf that a function returns, here or in another module."""
from confs.off import off_conf, on_conf
from pyspark import SparkConf
from pyspark.sql import SparkSession


def no_compaction():
    return SparkConf().set("spark.databricks.delta.autoCompact.enabled", "false")  # want: LL303


spark = SparkSession.builder.config(conf=off_conf()).getOrCreate()  # want: LL303 "optimizeWrite.enabled = false"
local = SparkSession.builder.config(conf=no_compaction()).getOrCreate()
# near miss: a conf that switches them on
good = SparkSession.builder.config(conf=on_conf()).getOrCreate()
