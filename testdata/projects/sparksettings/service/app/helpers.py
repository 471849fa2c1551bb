from pyspark import SparkConf

from app.session import session, session_from
from app.settings import load_settings

spark = session(SparkConf().set("spark.databricks.delta.optimizeWrite.enabled", "true"))
spark.read.table("lake_raw.a").repartition(8).write.format("delta").mode("append").saveAsTable("lake_sales.a")

other = session_from({"spark.sql.adaptive.enabled": "false"})

unknown = session(load_settings())
