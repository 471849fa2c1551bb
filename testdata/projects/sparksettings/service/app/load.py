from pyspark.sql import SparkSession

from app.settings import SPARK_CONF

spark = SparkSession.builder.config(conf=SPARK_CONF).getOrCreate()
events = spark.read.table("warehouse.raw.events")
events.repartition(8).write.format("delta").mode("append").saveAsTable("warehouse.sales.events")
