"""A SparkConf a function of the same module returns, bound to a name first."""
from pyspark import SparkConf
from pyspark.sql import SparkSession


def chained_conf():
    return SparkConf().setAppName("job").set("spark.databricks.delta.optimizeWrite.enabled", "true")


conf = chained_conf()
spark = SparkSession.builder.config(conf=conf).getOrCreate()
spark.read.table("main.raw.b").repartition(8).write.mode("append").saveAsTable("main.ret.b")  # want: LL101 "set to true on line 7"
