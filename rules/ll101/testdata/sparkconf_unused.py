# Near misses: a SparkConf never given to a session, a loop over a dict
# the file does not know, a setting switched off again.
from pyspark import SparkConf
from pyspark.sql import SparkSession

from jobs.settings import load_settings

unused = SparkConf().set("spark.databricks.delta.optimizeWrite.enabled", "true")
print(unused.toDebugString())
spark = SparkSession.builder.getOrCreate()
for k, v in load_settings().items():
    spark.conf.set(k, v)
events = spark.read.table("main.raw.events")
events.repartition(8).write.format("delta").mode("append").saveAsTable("main.sales.events")

conf = SparkConf().set("spark.databricks.delta.optimizeWrite.enabled", "true")
conf.set("spark.databricks.delta.optimizeWrite.enabled", "false")
other = SparkSession.builder.config(conf=conf).getOrCreate()
other.read.table("main.raw.orders").coalesce(4).write.mode("append").saveAsTable("main.sales.orders")
