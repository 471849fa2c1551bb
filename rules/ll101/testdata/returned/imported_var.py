"""A SparkConf another module's function returns, bound to a name first."""
import conflib.confs as cc
from pyspark.sql import SparkSession

conf = cc.optimized_conf()
spark = SparkSession.builder.config(conf=conf).getOrCreate()
spark.read.table("main.raw.b").repartition(8).write.mode("append").saveAsTable("main.imp.b")  # want: LL101 "set to true on line 6"
