from delta.tables import DeltaTable
from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
updates = spark.read.json("s3://landing/updates/")
# on open-source Delta a MERGE is not optimized unless optimized writes are on
target = DeltaTable.forPath(spark, "s3://lake/silver/users").alias("t")
target.merge(updates.alias("s"), "t.id = s.id").whenMatchedUpdateAll().execute()  # want: LL106 "this DeltaTable.merge into s3://lake/silver/users runs every 2 minutes"
