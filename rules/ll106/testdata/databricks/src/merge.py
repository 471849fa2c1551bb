from delta.tables import DeltaTable
from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "false")
spark.conf.set("spark.databricks.delta.autoCompact.enabled", "false")
updates = spark.read.json("/Volumes/main/raw/landing/updates/")
# MERGE always uses optimized writes on Databricks
DeltaTable.forName(spark, "hive_metastore.lake.users").alias("t").merge(updates.alias("s"), "t.id = s.id").whenMatchedUpdateAll().execute()
