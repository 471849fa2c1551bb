"""A SparkConf that a function of another module builds and returns."""
from conflib.confs import optimized_conf
from pyspark.sql import SparkSession

spark = SparkSession.builder.config(conf=optimized_conf()).getOrCreate()
spark.read.table("main.raw.a").repartition(8).write.mode("append").saveAsTable("main.imp.a")  # want: LL101 "set to true on line 5"
