"""A settings dict that a function of another module returns."""
from conflib.confs import optimized_map
from pyspark.sql import SparkSession

spark = SparkSession.builder.config(map=optimized_map()).getOrCreate()
spark.read.table("main.raw.c").repartition(8).write.mode("append").saveAsTable("main.imp.c")  # want: LL101 "set to true on line 5"
