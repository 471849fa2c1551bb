from delta.tables import DeltaTable
from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()

updates = spark.read.table("raw.event_updates")
target = DeltaTable.forName(spark, "main.sales.events")
target.alias("t").merge(updates.alias("u"), "t.id = u.id").whenMatchedUpdateAll().execute()
