"""Ad-hoc fixes, on whatever session is active."""
from pyspark.sql import SparkSession

active = SparkSession.active()
active.sql("VACUUM main.web.events RETAIN 0 HOURS")
