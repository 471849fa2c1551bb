from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()

events = spark.readStream.table("main.sales.events")
events.writeStream.trigger(processingTime="1 hour").toTable("main.sales.events_copy")

raw = spark.readStream.table("raw.events")
raw.writeStream.trigger(processingTime="1 hour").toTable("main.sales.events")
