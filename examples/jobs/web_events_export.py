"""Copies one country's web events for a partner export, every night."""
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("web-events-export").getOrCreate()

events = spark.read.table("main.web.events")
(events.filter(F.col("country") == "DE")
    .select("session_id", "ts", "url")
    .write.mode("overwrite")
    .saveAsTable("main.partner.web_events_de"))
