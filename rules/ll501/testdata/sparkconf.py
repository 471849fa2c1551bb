from pyspark import SparkConf, SparkContext
from pyspark.sql import SparkSession

OFF = {"spark.sql.adaptive.enabled": "false"}

conf = SparkConf().set("spark.sql.adaptive.enabled", "false")  # want: LL501
sc = SparkContext(conf=conf)

builder = SparkSession.builder
for k, v in OFF.items():
    builder = builder.config(k, v)  # want: LL501
spark = builder.getOrCreate()

# negatives: a SparkConf no session is given; a loop over a dict not known
kept = SparkConf().set("spark.sql.adaptive.enabled", "false")
for k, v in spark.conf.getAll().items():
    spark.conf.set(k, v)
