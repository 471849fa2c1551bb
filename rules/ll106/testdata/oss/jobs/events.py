from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("events").getOrCreate()
df = spark.read.json("s3://landing/events/")
df.repartition(8).write.format("delta").mode("append").save("s3://lake/bronze/events")  # want: LL106 "runs every 5 minutes \(DAG `ingest`, .*lake.py:6\): about 2,304 files a day"
