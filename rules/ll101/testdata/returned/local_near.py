"""Near misses: the caller switches the returned setting off, or the
function sets a value its caller passes."""
from pyspark import SparkConf
from pyspark.sql import SparkSession


def make_conf():
    return SparkConf().set("spark.databricks.delta.optimizeWrite.enabled", "true")


def conf_for(optimize):
    return SparkConf().set("spark.databricks.delta.optimizeWrite.enabled", optimize)


conf = make_conf()
conf.set("spark.databricks.delta.optimizeWrite.enabled", "false")
spark = SparkSession.builder.config(conf=conf).getOrCreate()
spark.read.table("main.raw.c").repartition(8).write.mode("append").saveAsTable("main.ret.c")
other = SparkSession.builder.config(conf=conf_for(dbutils.widgets.get("optimize"))).getOrCreate()
other.read.table("main.raw.d").repartition(8).write.mode("append").saveAsTable("main.ret.d")
