from pyspark.sql import SparkSession

from lib.session import tune

spark = SparkSession.builder.getOrCreate()
tune(spark)

daily = spark.read.table("raw.daily")
daily.repartition(4).write.format("delta").mode("append").saveAsTable("main.sales.tuned")
