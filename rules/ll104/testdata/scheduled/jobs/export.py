from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
df = spark.read.table("raw.events")
df.write.partitionBy("country").mode("append").parquet("s3://exports/events")  # want: LL104 "it runs every 30 minutes \(DAG `export`, .*export.py:6\)$"
