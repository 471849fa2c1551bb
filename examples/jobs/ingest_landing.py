"""Load the files that landed overnight into the bronze tables."""
from pyspark.sql import SparkSession

from lib.landing import land_file

spark = SparkSession.builder.appName("ingest").getOrCreate()

files = [f.path for f in spark.sparkContext.wholeTextFiles("/landing/orders").collect()]

# One append per landed file: every file is a commit of its own.
for path in files:
    land_file(spark, path, "main.sales.orders_bronze")

# One read of every file, one write: what the loop above should be.
spark.read.json("/landing/returns/*.json").write.mode("append").saveAsTable("main.sales.returns_bronze")
